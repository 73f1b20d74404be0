import type { ReactNode } from 'react';
import { Button, Empty, Space, Tag } from 'antd';
import { markColours, personalDataMessages } from '@planning/shared';
import { formatWhen } from '../format';
import type { RedactionSummary } from '../markOps';
import type { Proposal } from '../proposals';

/** A panel beside the text: a heading, perhaps an action, and its content. */
export function Panel({
  title,
  extra,
  children,
  id,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
  id: string;
}) {
  return (
    <section className="rep-panel" aria-labelledby={id}>
      <header className="rep-panel__head">
        <h2 id={id} className="rep-panel__title">
          {title}
        </h2>
        {extra}
      </header>
      {children}
    </section>
  );
}

const kindLabel = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1);

type ProposalListProps = {
  proposals: Proposal[];
  onShow: (proposal: Proposal) => void;
  onAccept: (proposal: Proposal) => void;
  onReject: (proposal: Proposal) => void;
  onAcceptAll: () => void;
};

/** Issue 15 point 4: the personal data found in the text, each to accept (redact) or reject. */
export function ProposalList({ proposals, onShow, onAccept, onReject, onAcceptAll }: ProposalListProps) {
  return (
    <Panel
      id="rep-proposals"
      title="Suggested redactions"
      extra={
        proposals.length > 1 && (
          <Button size="small" onClick={onAcceptAll}>
            Accept all
          </Button>
        )
      }
    >
      <p className="rep-panel__note" role="status">
        {proposals.length === 0
          ? personalDataMessages.noneFound
          : personalDataMessages.proposalsFound(proposals.length)}
      </p>
      {proposals.length > 0 && (
        <ul className="rep-list" aria-label="Suggested redactions">
          {proposals.map((proposal) => (
            <li key={proposal.id} className="rep-list__item" data-proposal-id={proposal.id}>
              <div className="rep-list__line">
                <Tag color={markColours.redaction}>{kindLabel(proposal.kind)}</Tag>
                <button
                  type="button"
                  className="rep-list__text rep-link-button"
                  onClick={() => onShow(proposal)}
                >
                  {proposal.text}
                </button>
              </div>
              <Space size={4}>
                <Button
                  size="small"
                  type="primary"
                  onClick={() => onAccept(proposal)}
                  aria-label={`Accept: redact ${proposal.kind} ${proposal.text}`}
                >
                  Accept
                </Button>
                <Button
                  size="small"
                  onClick={() => onReject(proposal)}
                  aria-label={`Reject: keep ${proposal.kind} ${proposal.text}`}
                >
                  Reject
                </Button>
              </Space>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

type RedactionListProps = {
  redactions: RedactionSummary[];
  canRemove: boolean;
  onShow: (redaction: RedactionSummary) => void;
  onRemove: (redaction: RedactionSummary) => void;
};

/** The redactions of the text: type, text, comment, who and when (staff only). */
export function RedactionList({ redactions, canRemove, onShow, onRemove }: RedactionListProps) {
  return (
    <Panel id="rep-redactions" title="Redactions">
      {redactions.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No redactions" />
      ) : (
        <ul className="rep-list" aria-label="Redactions">
          {redactions.map((redaction) => (
            <li key={redaction.docId} className="rep-list__item" data-doc-id={redaction.docId}>
              <div className="rep-list__line">
                <Tag color={markColours.redaction}>{kindLabel(redaction.redactionType)}</Tag>
                <button
                  type="button"
                  className="rep-list__text rep-link-button"
                  onClick={() => onShow(redaction)}
                >
                  {redaction.text}
                </button>
              </div>
              {redaction.comment && <p className="rep-list__comment">{redaction.comment}</p>}
              <p className="rep-list__when">
                {redaction.by || redaction.at
                  ? `Redacted ${formatWhen(redaction.by, redaction.at)}`
                  : 'Not saved yet'}
              </p>
              {canRemove && (
                <Button
                  size="small"
                  danger
                  onClick={() => onRemove(redaction)}
                  aria-label={`Remove redaction of ${redaction.text}`}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The text as it was received: never changed, for staff to compare with (spec: read-only). */
export function AsReceived({ text }: { text: string }) {
  return (
    <Panel id="rep-as-received" title="As received">
      <div className="rep-as-received" tabIndex={0} role="region" aria-label="The text as received">
        {text.trim() ? text : <em>No text was received.</em>}
      </div>
    </Panel>
  );
}
