import { Modal } from 'antd';
import { siteMessages } from '@planning/shared';

/** Spec 01 §5: a refused outline (self-intersecting, empty) is reported in the 'Polygon Error' modal. */
export function PolygonErrorModal({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Modal
      open={message !== null}
      title={siteMessages.polygonErrorTitle}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <p role="alert">{message}</p>
    </Modal>
  );
}
