// The response manager (spec 02 §2 /consultations/response-manager).
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Empty, Result } from 'antd';
import type { ConsultationResponse } from '@planning/shared';
import { consultationMessages } from '@planning/shared';
import { useTenant } from '../../platform/tenant/TenantContext';
import { useAccess } from '../../platform/session/hooks';
import { fetchSubRepresentation, responseQueryKeys, type ResponseTarget } from '../../shared/responses/api';
import { ResponseForm, WRITE } from '../../shared/responses/components/ResponseForm';
import { ResponseList } from '../../shared/responses/components/ResponseList';
import { RepresentationField, TargetPanel } from '../../shared/responses/components/TargetPanel';
import { useLeaveGuard } from '../../shared/responses/components/useLeaveGuard';
import '../../shared/responses/responses.css';

/** What the form shows: a new response, or one being edited. */
type FormMode = { kind: 'new' } | { kind: 'edit'; response: ConsultationResponse };

/**
 * /consultations/response-manager[?representationId=|?subRepresentationId=]: the target's public
 * text on the left for reference; on the right its responses, to edit one or create a new one
 * (from a template or not), and the deleted ones to restore.
 */
export function ResponseManagerPage() {
  const { flags } = useTenant();
  const [params, setParams] = useSearchParams();
  const subRepresentationId = params.get('subRepresentationId');
  const representationId = params.get('representationId');
  const target: ResponseTarget | null = subRepresentationId
    ? { subRepresentationId }
    : representationId
      ? { representationId }
      : null;
  const [dirty, setDirty] = useState(false);
  const confirmLeave = useLeaveGuard();
  // A sub-representation's own representation is the one the select shows.
  const part = useQuery({
    queryKey: responseQueryKeys.subRepresentation(subRepresentationId ?? ''),
    queryFn: ({ signal }) => fetchSubRepresentation(subRepresentationId ?? '', signal),
    enabled: subRepresentationId !== null,
  });

  if (!flags.consultationsPages) return <Result status="info" title={consultationMessages.pagesOff} />;

  return (
    <div className="page response-manager">
      <h1 className="page__title">Response manager</h1>
      <RepresentationField
        value={representationId ?? part.data?.representationId ?? null}
        onChange={(id) =>
          void confirmLeave(dirty).then((leave) => {
            if (!leave) return;
            setDirty(false);
            setParams({ representationId: id });
          })
        }
      />
      {target ? (
        <TargetResponses key={JSON.stringify(target)} target={target} onDirtyChange={setDirty} />
      ) : (
        <Empty
          className="response-manager__empty"
          description="Choose a representation to see its text and responses"
        />
      )}
    </div>
  );
}

type TargetResponsesProps = { target: ResponseTarget; onDirtyChange: (dirty: boolean) => void };

function TargetResponses({ target, onDirtyChange }: TargetResponsesProps) {
  const [mode, setMode] = useState<FormMode>({ kind: 'new' });
  const [showDeleted, setShowDeleted] = useState(false);
  const [dirty, setOwnDirty] = useState(false);
  const setDirty = useCallback(
    (next: boolean) => {
      setOwnDirty(next);
      onDirtyChange(next);
    },
    [onDirtyChange],
  );
  const confirmLeave = useLeaveGuard();
  const { permitted: canWrite } = useAccess(WRITE);
  // Another response (or a new one) only once unsaved input may be left.
  const switchTo = useCallback(
    async (next: FormMode) => {
      if (await confirmLeave(dirty)) {
        setDirty(false);
        setMode(next);
      }
    },
    [confirmLeave, dirty, setDirty],
  );
  const selected = mode.kind === 'edit' ? mode.response.id : 'new';

  return (
    <div className="response-manager__panes">
      <section className="response-manager__reference" aria-label="The representation for reference">
        <TargetPanel target={target} />
      </section>
      <section className="response-manager__responses" aria-labelledby="response-manager-responses">
        <h2 id="response-manager-responses" className="response-manager__heading">
          Responses
        </h2>
        <ResponseList
          target={target}
          selected={selected}
          onSelect={(response) => void switchTo({ kind: 'edit', response })}
          onCreateNew={() => void switchTo({ kind: 'new' })}
          showDeleted={showDeleted}
          onShowDeletedChange={setShowDeleted}
        />
        {/* Without write, only a response chosen to read is shown (its fields read-only). */}
        {(canWrite || mode.kind === 'edit') && (
          <div className="response-manager__form">
            <h3 className="response-manager__subheading">
              {mode.kind === 'edit'
                ? `${canWrite ? 'Edit response' : 'Response'}: ${mode.response.description}`
                : 'New response'}
            </h3>
            <ResponseForm
              key={mode.kind === 'edit' ? mode.response.id : 'new'}
              target={target}
              response={mode.kind === 'edit' ? mode.response : null}
              onDirtyChange={setDirty}
              onSaved={(saved) => {
                setDirty(false);
                setMode({ kind: 'edit', response: saved });
              }}
              onDeleted={() => {
                setDirty(false);
                setMode({ kind: 'new' });
              }}
            />
          </div>
        )}
      </section>
    </div>
  );
}
