import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Select, Skeleton, Tag } from 'antd';
import {
  publicTextOf,
  representationMessages as m,
  statusColours,
  type EditorNode,
  type RepresentationStatus,
} from '@planning/shared';
import {
  fetchRepresentation,
  fetchSubRepresentation,
  responseQueryKeys,
  searchRepresentations,
  type ResponseTarget,
} from '../api';
import { errorText } from '../format';

type RepresentationSelectProps = {
  id?: string;
  value: string | null;
  onChange: (representationId: string) => void;
};

/** The 'Representation' field: the select with its label. */
export function RepresentationField({ value, onChange }: Omit<RepresentationSelectProps, 'id'>) {
  const id = useId();
  return (
    <div className="response-manager__target">
      <label htmlFor={id} className="response-form__label">
        Representation
      </label>
      <RepresentationSelect id={id} value={value} onChange={onChange} />
    </div>
  );
}

/** A searchable select of the council's representations (reference, representee or words). */
function RepresentationSelect({ id, value, onChange }: RepresentationSelectProps) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  // One search once typing pauses, not one per key.
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(typed.trim()), 250);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const found = useQuery({
    queryKey: responseQueryKeys.representationSearch(search),
    queryFn: ({ signal }) => searchRepresentations(search, signal),
    placeholderData: (previous) => previous,
  });
  const chosen = useQuery({
    queryKey: responseQueryKeys.representation(value ?? ''),
    queryFn: ({ signal }) => fetchRepresentation(value ?? '', signal),
    enabled: value !== null,
  });
  const rows = found.data ?? [];
  const options = rows.map((row) => ({ value: row.id, label: `${row.reference} — ${row.representeeName}` }));
  // The chosen one is named even when a search no longer lists it.
  const chosenLabel = chosen.data ? `${chosen.data.reference} — ${chosen.data.representeeName}` : '';

  return (
    <Select
      id={id}
      className="response-manager__select"
      showSearch={{ filterOption: false, onSearch: setTyped }}
      placeholder="Search by reference, representee or text"
      value={value}
      options={options}
      labelRender={({ value: shown, label }) => (shown === value && chosenLabel ? chosenLabel : label)}
      loading={found.isFetching}
      notFoundContent={found.isError ? m.loadRepresentations : m.noRepresentations}
      onChange={onChange}
    />
  );
}

const StatusTag = ({ status }: { status: RepresentationStatus }) => (
  <Tag color={statusColours[status]} className="response-manager__status">
    {status}
  </Tag>
);

/** The response's target as the server has it: its representation, or the part, whichever it names. */
function useTarget(target: ResponseTarget) {
  const representationId = 'representationId' in target ? target.representationId : null;
  const subRepresentationId = 'subRepresentationId' in target ? target.subRepresentationId : null;
  const representation = useQuery({
    queryKey: responseQueryKeys.representation(representationId ?? ''),
    queryFn: ({ signal }) => fetchRepresentation(representationId ?? '', signal),
    enabled: representationId !== null,
  });
  const part = useQuery({
    queryKey: responseQueryKeys.subRepresentation(subRepresentationId ?? ''),
    queryFn: ({ signal }) => fetchSubRepresentation(subRepresentationId ?? '', signal),
    enabled: subRepresentationId !== null,
  });
  return { representationId, representation, part };
}

/** The target's text as the public reads it (redactions replaced), for reference while writing. */
export function TargetPanel({ target }: { target: ResponseTarget }) {
  const { representationId, representation, part } = useTarget(target);
  const query = representationId ? representation : part;
  if (query.isError)
    return <Alert type="error" role="alert" title={errorText(query.error, m.loadRepresentations)} />;

  const shown = representation.data
    ? {
        heading: `Representation ${representation.data.reference}`,
        by: representation.data.representeeName,
        status: representation.data.status,
        text: representation.data.publicText,
      }
    : part.data
      ? {
          heading: `Sub-representation ${part.data.reference}`,
          by: null,
          status: part.data.status,
          // Without a document there are no redactions: its text is what the public reads.
          text: part.data.content ? publicTextOf(part.data.content as EditorNode) : part.data.plainText,
        }
      : null;
  if (!shown) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <div className="response-target">
      <h2 className="response-target__heading">{shown.heading}</h2>
      <div className="response-target__meta">
        {shown.by && <span>{shown.by}</span>}
        <StatusTag status={shown.status} />
      </div>
      <h3 className="response-target__subheading">Public text</h3>
      <div className="response-target__text" tabIndex={0} aria-label="Public text of the representation">
        {shown.text || <span className="response-target__empty">No text yet</span>}
      </div>
    </div>
  );
}

/** One line naming the target ('Responding to R000042 — Pat Smith'), for the drawer. */
export function TargetLine({ target }: { target: ResponseTarget }) {
  const { representation, part } = useTarget(target);
  const named = representation.data
    ? `${representation.data.reference} — ${representation.data.representeeName}`
    : part.data
      ? `sub-representation ${part.data.reference}`
      : null;
  if (!named) return null;
  const status = representation.data?.status ?? part.data?.status;
  return (
    <p className="response-target__line">
      Responding to {named} {status && <StatusTag status={status} />}
    </p>
  );
}
