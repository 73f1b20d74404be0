import { representationMessages as m } from '@planning/shared';
import { useLeaveQuestion } from '../../../components/useUnsavedChangesGuard';

/**
 * Spec 02 §2 multi-step drawers: leaving a form with unsaved input asks 'Progress will be lost /
 * Are you sure you want to leave this form?' with 'Continue with form' and 'Leave form'. Resolves
 * true to leave (at once when nothing is unsaved).
 */
export const useLeaveGuard = () =>
  useLeaveQuestion({
    title: m.progressLostTitle,
    content: m.progressLostText,
    leave: m.leaveForm,
    stay: m.continueWithForm,
  });
