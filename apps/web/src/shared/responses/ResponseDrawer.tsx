import { useCallback, useState } from 'react';
import { Button, Drawer, Empty, Steps } from 'antd';
import type { ConsultationResponse } from '@planning/shared';
import type { ResponseTarget } from './api';
import { ResponseForm } from './components/ResponseForm';
import { ResponseList } from './components/ResponseList';
import { RepresentationField, TargetLine } from './components/TargetPanel';
import { useLeaveGuard } from './components/useLeaveGuard';
import './responses.css';

export type ResponseDrawerProps = {
  open: boolean;
  /** The representation (or sub-representation) to respond to; without either, one is chosen first. */
  representationId?: string;
  subRepresentationId?: string;
  onClose(): void;
  /** After a response is saved (the drawer then closes). */
  onSaved?(): void;
};

type Chosen = { kind: 'new' } | { kind: 'edit'; response: ConsultationResponse };

/**
 * Spec 02 §2 multi-step drawers and §4 Flows "Response: select a response (or create new), then
 * create": step 1 chooses an existing response or 'Create new', step 2 is the response form (the
 * response manager's own). Closing with unsaved input asks first; a save says 'Operation successful: response saved'.
 */
export function ResponseDrawer({
  open,
  representationId,
  subRepresentationId,
  onClose,
  onSaved,
}: ResponseDrawerProps) {
  const [step, setStep] = useState(0);
  const [chosenRepresentation, setChosenRepresentation] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Chosen>({ kind: 'new' });
  const [showDeleted, setShowDeleted] = useState(false);
  const [dirty, setDirty] = useState(false);
  const confirmLeave = useLeaveGuard();

  // Every opening starts afresh at step 1 (state adjusted while rendering, as React advises).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setStep(0);
      setChosen({ kind: 'new' });
      setChosenRepresentation(null);
      setShowDeleted(false);
      setDirty(false);
    }
  }

  const target: ResponseTarget | null = subRepresentationId
    ? { subRepresentationId }
    : representationId
      ? { representationId }
      : chosenRepresentation
        ? { representationId: chosenRepresentation }
        : null;

  const handleClose = useCallback(async () => {
    if (await confirmLeave(dirty)) onClose();
  }, [confirmLeave, dirty, onClose]);

  const steps = [
    'Select a response',
    chosen.kind === 'edit' ? 'Edit the response' : 'Create the response',
  ] as const;
  const choose = (next: Chosen) => {
    setChosen(next);
    setStep(1);
  };

  return (
    <Drawer
      open={open}
      title="New response"
      size={640}
      destroyOnHidden
      mask={{ closable: false }}
      keyboard
      onClose={() => void handleClose()}
      className="response-drawer"
      footer={
        step === 1 ? (
          <Button
            onClick={() =>
              void confirmLeave(dirty).then((leave) => {
                if (!leave) return;
                setDirty(false);
                setStep(0);
              })
            }
          >
            Back
          </Button>
        ) : null
      }
    >
      <Steps
        size="small"
        current={step}
        className="response-drawer__steps"
        aria-label={`New response: step ${step + 1} of 2`}
        items={[{ title: steps[0] }, { title: steps[1] }]}
      />
      <h2 className="response-drawer__step-title">{steps[step]}</h2>
      {target && (representationId || subRepresentationId || step === 1) && <TargetLine target={target} />}
      {step === 0 ? (
        <div className="response-drawer__step">
          {!representationId && !subRepresentationId && (
            <RepresentationField value={chosenRepresentation} onChange={setChosenRepresentation} />
          )}
          {target ? (
            <ResponseList
              target={target}
              selected={null}
              onSelect={(response) => choose({ kind: 'edit', response })}
              onCreateNew={() => choose({ kind: 'new' })}
              showDeleted={showDeleted}
              onShowDeletedChange={setShowDeleted}
            />
          ) : (
            <Empty description="Choose a representation to respond to" />
          )}
        </div>
      ) : (
        target && (
          <div className="response-drawer__step">
            <ResponseForm
              key={chosen.kind === 'edit' ? chosen.response.id : 'new'}
              target={target}
              response={chosen.kind === 'edit' ? chosen.response : null}
              onDirtyChange={setDirty}
              onSaved={() => {
                setDirty(false);
                onSaved?.();
                onClose();
              }}
              onDeleted={() => {
                setDirty(false);
                setStep(0);
              }}
            />
          </div>
        )
      )}
    </Drawer>
  );
}
