import { useCallback, useEffect, useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  consentMessages,
  consentSchema,
  currentPrivacyNoticeSchema,
  type AnswerPolicy,
  type Consent,
  type ConsentInput,
} from '@planning/shared';
import { api } from '../../../api/client';
import { questionQueryKeys } from './api';

/** The council's current privacy notice, shown with every public form (issue 26 point 6). */
export const privacyNoticeQuery = queryOptions({
  queryKey: ['privacy-notice', 'current'] as const,
  queryFn: ({ signal }) => api.get('/public/privacy-notice', currentPrivacyNoticeSchema, { signal }),
  staleTime: 5 * 60_000,
});

/** The resident's choices for one document, as the next answer will send them. */
const choicesKey = (documentId: string) => ['document-questions', 'consent-choices', documentId] as const;

/** What an answer carries: the notice shown and the choices ticked (none ticked: nothing agreed). */
export function consentToSend(queryClient: QueryClient, documentId: string): ConsentInput | undefined {
  return queryClient.getQueryData<ConsentInput>(choicesKey(documentId));
}

/**
 * Issue 26 point 6: above a document's questions, the privacy notice and the resident's choices:
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
  const [choices, setChoices] = useState<ConsentInput | null>(null);
  // Kept where the answer's mutation reads it too (consentToSend).
  const keep = useCallback(
    (next: ConsentInput) => {
      setChoices(next);
      queryClient.setQueryData(choicesKey(documentId), next);
    },
    [queryClient, documentId],
  );
  // The choices start from what the resident recorded before, under the notice now shown.
  useEffect(() => {
    if (notice.isPending) return;
    keep({
      noticeVersion: version,
      publishName: recorded?.publishName ?? false,
      contactForUpdates: recorded?.contactForUpdates ?? false,
    });
  }, [keep, version, notice.isPending, recorded?.publishName, recorded?.contactForUpdates]);

  const save = useMutation({
    mutationFn: (input: ConsentInput) =>
      api.put(`/public/documents/${encodeURIComponent(documentId)}/consent`, consentSchema, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionQueryKeys.answers(documentId) }),
  });

  const choose = (change: Partial<ConsentInput>) => {
    const next: ConsentInput = {
      noticeVersion: version,
      publishName: choices?.publishName ?? false,
      contactForUpdates: choices?.contactForUpdates ?? false,
      ...change,
    };
    keep(next);
    if (answered) save.mutate(next);
  };

  const canChoose = viewer.canAnswer && viewer.answersOpen;
  const text = notice.data?.notice?.text;
  return (
    <section className="consent-panel" aria-labelledby="consent-panel-title">
      <h2 id="consent-panel-title" className="consent-panel__title">
        {consentMessages.legend}
      </h2>
      {text && version !== null && (
        <details className="consent-panel__notice">
          <summary>{consentMessages.noticeLink(version)}</summary>
          <div className="consent-panel__notice-text">{text}</div>
        </details>
      )}
      {canChoose && (
        <fieldset className="consent-panel__choices">
          <legend className="visually-hidden">{consentMessages.legend}</legend>
          <label className="consent-panel__choice">
            <input
              type="checkbox"
              checked={choices?.publishName ?? false}
              disabled={save.isPending}
              onChange={(event) => choose({ publishName: event.target.checked })}
            />{' '}
            {consentMessages.publishName}
          </label>
          <p className="consent-panel__hint">{consentMessages.publishNameHint}</p>
          <label className="consent-panel__choice">
            <input
              type="checkbox"
              checked={choices?.contactForUpdates ?? false}
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
