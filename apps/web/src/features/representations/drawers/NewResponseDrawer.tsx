import { Link } from 'react-router';
import { Drawer } from 'antd';
import { responseManagerPath } from '../details/RepresentationDetail';

type NewResponseDrawerProps = { representationId: string | null; onClose: () => void };

/**
 * The new-response flow (spec 02 §4 'Response: select a response (or create new), then create').
 * Responses are written in the response manager; this drawer leads there for the representation.
 */
export function NewResponseDrawer({ representationId, onClose }: NewResponseDrawerProps) {
  const target = representationId ? responseManagerPath(representationId) : '/consultations/response-manager';
  return (
    <Drawer open title="New response" size={480} onClose={onClose}>
      <p>Responses are drafted, chosen from templates and sent from the response manager.</p>
      <Link to={target}>
        {representationId ? 'Write a response to this representation' : 'Open the response manager'}
      </Link>
    </Drawer>
  );
}
