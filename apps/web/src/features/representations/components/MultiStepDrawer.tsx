import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, App, Button, Drawer, Space, Steps } from 'antd';
import { representationMessages as m } from '@planning/shared';
import { stepToShow } from '../managerRoutes';

export type DrawerStep = { key: string; title: string };

type MultiStepDrawerProps = {
  open: boolean;
  title: string;
  steps: readonly DrawerStep[];
  /** The index of the step shown. */
  current: number;
  /** Checks the step's fields; true lets the drawer go on. */
  onNext: () => Promise<boolean> | boolean;
  /** Goes to a step (Back, Next, or a finished step's title). */
  onStep: (index: number) => void;
  /** The last step's button: saves, then closes. */
  onFinish: () => Promise<void> | void;
  finishLabel: string;
  /** The Next button's words on a step where "Next" says too little. */
  nextLabel?: string;
  busy?: boolean;
  /** Something was typed or chosen: closing asks first (spec 02 §2). */
  dirty: boolean;
  onClose: () => void;
  /** The save's failure, shown above the footer. */
  error?: string | null;
  /** Steps whose own buttons go on (a menu of choices) have no Next. */
  hideNext?: boolean;
  /** A drawer opened from another one is narrower and pushes it aside. */
  nested?: boolean;
  children: ReactNode;
};

/**
 * Spec 02 §2: the manager's multi-step drawers (representation, representee, organisation,
 * contact, agent, custom column). Closing one with anything entered asks 'Progress will be lost'
 * with 'Continue with form' and 'Leave form'.
 */
export function MultiStepDrawer({
  open,
  title,
  steps,
  current,
  onNext,
  onStep,
  onFinish,
  finishLabel,
  nextLabel = 'Next',
  busy = false,
  dirty,
  onClose,
  error,
  hideNext = false,
  nested = false,
  children,
}: MultiStepDrawerProps) {
  const { modal } = App.useApp();
  const last = current === steps.length - 1;
  const confirming = useRef(false);
  // Each new step is announced and shown from its top: focus moves to its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(current);
  useEffect(() => {
    if (shown.current === current) return;
    shown.current = current;
    heading.current?.focus();
  }, [current]);

  const handleClose = () => {
    if (!dirty) return onClose();
    if (confirming.current) return;
    confirming.current = true;
    modal.confirm({
      title: m.progressLostTitle,
      content: m.progressLostText,
      okText: m.leaveForm,
      cancelText: m.continueWithForm,
      okButtonProps: { danger: true },
      onOk: onClose,
      afterClose: () => {
        confirming.current = false;
      },
    });
  };

  const handleNext = async () => {
    if (await onNext()) onStep(current + 1);
  };

  return (
    <Drawer
      open={open}
      title={title}
      size={nested ? 560 : 640}
      onClose={handleClose}
      destroyOnHidden
      mask={{ closable: false }}
      keyboard
      className="rep-drawer"
      footer={
        <div className="rep-drawer__footer">
          {error && <Alert type="error" role="alert" showIcon title={error} className="rep-drawer__error" />}
          <Space>
            {current > 0 && (
              <Button onClick={() => onStep(current - 1)} disabled={busy}>
                Back
              </Button>
            )}
            {last ? (
              <Button type="primary" loading={busy} onClick={() => void onFinish()}>
                {finishLabel}
              </Button>
            ) : (
              !hideNext && (
                <Button type="primary" onClick={() => void handleNext()} disabled={busy}>
                  {nextLabel}
                </Button>
              )
            )}
          </Space>
        </div>
      }
    >
      <Steps
        size="small"
        current={current}
        className="rep-drawer__steps"
        aria-label={`${title}: step ${current + 1} of ${steps.length}`}
        items={steps.map((step, index) => ({
          key: step.key,
          title: step.title,
          // Finished steps can be gone back to by their title; later ones by Next only.
          disabled: index >= current || busy,
        }))}
        onChange={(index) => index < current && onStep(index)}
      />
      <h2 className="rep-drawer__step-title" ref={heading} tabIndex={-1}>
        {steps[current]?.title}
      </h2>
      {children}
    </Drawer>
  );
}

export type StepRouting = {
  /** The step the address names (…/{flow}/{step}). */
  step: string | null;
  /** The address of a step of this drawer. */
  pathOf: (step: string) => string;
};

/**
 * Where a drawer is in its steps. A top-level drawer's step lives in the address, so Back in the
 * browser walks the steps; a step not reached yet in this drawer (an address reloaded mid-flow,
 * whose answers are gone) is replaced by the furthest one reached. A drawer opened from another
 * one (routing null) keeps its step to itself.
 */
export function useDrawerStep(steps: readonly DrawerStep[], routing: StepRouting | null) {
  const navigate = useNavigate();
  const location = useLocation();
  const [reached, setReached] = useState(0);
  const [local, setLocal] = useState(0);
  const keys = steps.map((candidate) => candidate.key);
  const decision = routing
    ? stepToShow(keys, routing.step, reached)
    : { index: Math.min(local, keys.length - 1), redirectTo: null };
  const target = decision.redirectTo;
  const requested = routing?.step ?? null;
  const pathOf = routing?.pathOf;
  useEffect(() => {
    if (pathOf && target !== null && target !== requested)
      void navigate(`${pathOf(target)}${location.search}`, { replace: true });
    // pathOf is the caller's inline function, new each render; the target decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, requested, navigate, location.search]);
  const goTo = (index: number) => {
    const next = keys[index];
    if (next === undefined) return;
    if (!routing) return setLocal(index);
    setReached((furthest) => Math.max(furthest, index));
    void navigate(`${routing.pathOf(next)}${location.search}`);
  };
  return { index: decision.index, key: keys[decision.index] ?? '', goTo };
}
