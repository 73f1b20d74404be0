import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  consentMessages,
  consentSchema,
  type AnswerPolicy,
  type Consent,
  type ConsentInput,
} from '@planning/shared';
import { api } from '../../../api/client';
import {
  PrivacyNoticeDetails,
  privacyNoticeQuery,
} from '../../../platform/data-protection/PrivacyNoticeDetails';
import { questionQueryKeys } from './api';

/** The resident's choices for one document, as the next answer will send them. */
const choicesKey = (documentId: string) => ['document-questions', 'consent-choices', documentId] as const;

/** What an answer carries: the notice shown and the choices ticked (none ticked: nothing agreed). */
export function consentToSend(queryClient: QueryClient, documentId: string): ConsentInput | undefined {
  return queryClient.getQueryData<ConsentInput>(choicesKey(documentId));
}

/**
 * Issue 26 point 6: after a document's questions, the privacy notice and the resident's choices:
 * publish my name, contact me about updates. Both start unticked; they are sent with each answer,
 * and once the resident has answered, a change is saved at once (withdrawing is as easy as giving).
 */
export function ConsentPanel({
  documentId,
  viewer,
  recorded,
  answered,
}: {
  documentId: string;
  viewer: AnswerPolicy;
  recorded: Consent | undefined;
  answered: boolean;
}) {
  const queryClient = useQueryClient();
  const notice = useQuery(privacyNoticeQuery);
  const version = notice.data?.notice?.version ?? null;
  // Unticked until the resident ticks, or as they recorded before; always under the notice now shown.
  const [override, setOverride] = useState<Pick<ConsentInput, 'publishName' | 'contactForUpdates'> | null>(
    null,
  );
  const choices: ConsentInput = {
    noticeVersion: version,
    publishName: override?.publishName ?? recorded?.publishName ?? false,
    contactForUpdates: override?.contactForUpdates ?? recorded?.contactForUpdates ?? false,
  };
  // Kept where the answer's mutation reads it (consentToSend), once the notice is known.
  const ready = !notice.isPending;
  const { publishName, contactForUpdates } = choices;
  useEffect(() => {
    if (ready)
      queryClient.setQueryData<ConsentInput>(choicesKey(documentId), {
        noticeVersion: version,
        publishName,
        contactForUpdates,
      });
  }, [queryClient, documentId, ready, version, publishName, contactForUpdates]);

  const save = useMutation({
    mutationFn: (input: ConsentInput) =>
      api.put(`/public/documents/${encodeURIComponent(documentId)}/consent`, consentSchema, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionQueryKeys.answers(documentId) }),
  });

  const choose = (change: Partial<ConsentInput>) => {
    const next: ConsentInput = { ...choices, ...change };
    setOverride({ publishName: next.publishName, contactForUpdates: next.contactForUpdates });
    queryClient.setQueryData(choicesKey(documentId), next);
    if (answered) save.mutate(next);
  };

  const canChoose = viewer.canAnswer && viewer.answersOpen;
  return (
    <section className="consent-panel" aria-labelledby="consent-panel-title">
      {/* Not a heading: the document's own sections make its outline. */}
      <p id="consent-panel-title" className="consent-panel__title">
        {consentMessages.legend}
      </p>
      <PrivacyNoticeDetails className="consent-panel__notice" />
      {canChoose && (
        <fieldset className="consent-panel__choices">
          <legend className="visually-hidden">{consentMessages.legend}</legend>
          <label className="consent-panel__choice">
            <input
              type="checkbox"
              checked={choices.publishName}
              disabled={save.isPending}
              onChange={(event) => choose({ publishName: event.target.checked })}
            />{' '}
            {consentMessages.publishName}
          </label>
          <p className="consent-panel__hint">{consentMessages.publishNameHint}</p>
          <label className="consent-panel__choice">
            <input
              type="checkbox"
              checked={choices.contactForUpdates}
              disabled={save.isPending}
              onChange={(event) => choose({ contactForUpdates: event.target.checked })}
            />{' '}
            {consentMessages.contactForUpdates}
          </label>
          {save.isSuccess && (
            <p role="status" className="consent-panel__saved">
              {consentMessages.saved}
            </p>
          )}
          {save.isError && (
            <p role="alert" className="question-error">
              {save.error.message}
            </p>
          )}
        </fieldset>
      )}
    </section>
  );
}
