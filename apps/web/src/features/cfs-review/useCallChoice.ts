import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { fetchPublicCalls, fetchQueue, reviewQueryKeys } from './api';
import { callChoices, chosenCall, type CallChoice } from './reviewRules';

/**
 * The call an officer looks at, kept in the address (?callId=): the calls come from the queue's
 * rows (every call with submissions) and the public list (open and upcoming ones, perhaps empty).
 */
export function useCallChoice() {
  const [params, setParams] = useSearchParams();
  const all = useQuery({
    queryKey: reviewQueryKeys.queue(null, null, null),
    queryFn: ({ signal }) => fetchQueue(null, null, null, signal),
  });
  const open = useQuery({
    queryKey: reviewQueryKeys.publicCalls,
    queryFn: ({ signal }) => fetchPublicCalls(signal),
  });
  const choices = useMemo<CallChoice[]>(
    () =>
      callChoices(all.data?.submissions ?? [], [...(open.data?.open ?? []), ...(open.data?.upcoming ?? [])]),
    [all.data, open.data],
  );
  const call = chosenCall(choices, params.get('callId'));
  const choose = (callId: string) =>
    setParams(
      (before) => {
        const next = new URLSearchParams(before);
        next.set('callId', callId);
        return next;
      },
      { replace: true },
    );
  return {
    choices,
    call,
    choose,
    // The public list is a help; without it the rows' calls still show.
    isLoading: all.isLoading,
    error: all.error,
    params,
    setParams,
  };
}
