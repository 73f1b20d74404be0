import { useEffect } from 'react';
import { Link } from 'react-router';
import type { Mark as PMMark } from '@tiptap/pm/model';
import { Button } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { redactionTypeLabel } from '../editorExtensions';
import type { RedactionStamp } from '../editorSaving';
import type { SpecMarkType } from '../markOps';
import { formatWhen } from '../format';

type MarkCardProps = {
  marks: PMMark[];
  top: number;
  left: number;
  canRemove: boolean;
  /** Who redacted it and when, once saved since the text was opened (its mark has no stamp yet). */
  stampOf: (docId: string) => RedactionStamp | undefined;
  topicName: (id: string) => string;
  subRepresentation: (id: string) => { reference: string; href: string } | null;
  onRemove: (type: SpecMarkType) => void;
  onClose: () => void;
};

/**
 * What a click on marked text shows: each of its marks, who redacted it and when, and Remove
 * (in editing mode).
 */
export function MarkCard({
  marks,
  top,
  left,
  canRemove,
  stampOf,
  topicName,
  subRepresentation,
  onRemove,
  onClose,
}: MarkCardProps) {
  // The focus stays in the text (a click on a mark may be a click to type there); Escape closes.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div
      className="rep-floating rep-floating--card"
      role="group"
      aria-label="Marks on this text"
      style={{ top, left }}
    >
      <Button
        className="rep-floating__close"
        size="small"
        type="text"
        icon={<CloseOutlined />}
        aria-label="Close"
        onClick={onClose}
      />
      {marks.map((mark) => {
        const type = mark.type.name as SpecMarkType;
        const remove = canRemove && (
          <Button size="small" danger onClick={() => onRemove(type)}>
            Remove
          </Button>
        );
        switch (type) {
          case 'redaction': {
            const attrs = mark.attrs as Record<string, string | null>;
            const { redactionType, comment } = attrs;
            const { by, at } = attrs.by || attrs.at ? attrs : (stampOf(String(attrs.docId)) ?? attrs);
            return (
              <section key={type} className="rep-card__mark rep-card__mark--redaction">
                <h3>{redactionTypeLabel(redactionType ?? 'other')}</h3>
                {comment && <p>{comment}</p>}
                <p className="rep-card__when">{by || at ? formatWhen(by, at) : 'Not saved yet'}</p>
                {remove}
              </section>
            );
          }
          case 'tag':
            return (
              <section key={type} className="rep-card__mark rep-card__mark--tag">
                <h3>Tagged</h3>
                <p>{((mark.attrs.tagIds as string[]) ?? []).map(topicName).join(', ') || 'No topics'}</p>
                {remove}
              </section>
            );
          case 'map': {
            const siteIds = (mark.attrs.siteIds as string[]) ?? [];
            const featureIds = (mark.attrs.featureIds as string[]) ?? [];
            return (
              <section key={type} className="rep-card__mark rep-card__mark--map">
                <h3>Mapped</h3>
                {siteIds.length > 0 && (
                  <p>
                    Sites:{' '}
                    {siteIds.map((id, index) => (
                      <span key={id}>
                        {index > 0 && ', '}
                        <Link to={`/site/${id}`}>#{id}</Link>
                      </span>
                    ))}
                  </p>
                )}
                {featureIds.length > 0 && <p>Layer features: {featureIds.length}</p>}
                {remove}
              </section>
            );
          }
          case 'subRepresentation': {
            const linked = subRepresentation(String(mark.attrs.subRepId));
            return (
              <section key={type} className="rep-card__mark rep-card__mark--sub">
                <h3>Sub-representation {linked?.reference ?? ''}</h3>
                {mark.attrs.comment && <p>{String(mark.attrs.comment)}</p>}
                {linked ? <Link to={linked.href}>Open sub-representation</Link> : <p>It was deleted.</p>}
                {canRemove && (
                  <Button size="small" onClick={() => onRemove(type)}>
                    Remove link
                  </Button>
                )}
              </section>
            );
          }
          default:
            return null;
        }
      })}
    </div>
  );
}
