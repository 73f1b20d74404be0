import { Alert, Button, Skeleton } from 'antd';
import { preferenceMessages, type CommunicationPreferences } from '@planning/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  preferencesQuery,
  questionQueryKeys,
  savePreferences,
} from '../../../shared/documents/questions/api';
import { errorText } from '../../../shared/documents/questions/parts';
import '../../../shared/documents/questions/questions.css';

const CHOICES: ReadonlyArray<keyof CommunicationPreferences> = ['documentUpdates', 'newConsultations'];

/**
 * Spec 02 §2 Communications preferences (/p/document/preferences): which consultation emails the
 * account gets, and the one-click unsubscribe link its emails carry.
 */
export function PreferencesPage() {
  const settings = useQuery(preferencesQuery);
  return (
    <div className="page">
      <h1 className="page__title">Communications preferences</h1>
      {settings.isPending && <Skeleton active />}
      {settings.isError && <Alert type="error" showIcon message={errorText(settings.error)} />}
      {settings.data && (
        <PreferencesForm
          email={settings.data.email}
          initial={settings.data.preferences}
          unsubscribePath={settings.data.unsubscribePath}
        />
      )}
    </div>
  );
}

function PreferencesForm(props: {
  email: string;
  initial: CommunicationPreferences;
  unsubscribePath: string;
}) {
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState(props.initial);
  const [saved, setSaved] = useState(false);
  const savedRef = useRef<HTMLDivElement>(null);
  const save = useMutation({
    mutationFn: savePreferences,
    // Shown in the form.
    onError: () => {},
    onSuccess: (answer) => {
      setSaved(true);
      queryClient.setQueryData(questionQueryKeys.preferences, answer);
    },
  });
  useEffect(() => {
    if (saved) savedRef.current?.focus();
  }, [saved]);

  return (
    <form
      className="preferences-form"
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(false);
        save.mutate(choices);
      }}
    >
      <p>
        Emails go to <strong>{props.email}</strong>.
      </p>
      <fieldset>
        <legend>Email me about</legend>
        {CHOICES.map((choice) => (
          <label key={choice} className="preferences-choice">
            <input
              type="checkbox"
              name={choice}
              checked={choices[choice]}
              onChange={(event) => {
                setSaved(false);
                setChoices({ ...choices, [choice]: event.target.checked });
              }}
            />
            <span>{preferenceMessages[choice]}</span>
          </label>
        ))}
      </fieldset>
      {saved && (
        <div ref={savedRef} tabIndex={-1} role="status">
          <Alert type="success" showIcon message={preferenceMessages.saved} />
        </div>
      )}
      {save.isError && <Alert type="error" showIcon role="alert" message={errorText(save.error)} />}
      <div className="question-actions">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save preferences
        </Button>
      </div>
      <p className="question-note">
        Every email has a link to unsubscribe in one click:{' '}
        <Link to={props.unsubscribePath}>your unsubscribe link</Link>.
      </p>
    </form>
  );
}
