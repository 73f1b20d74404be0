import { Alert, Button } from 'antd';
import { preferenceMessages } from '@planning/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { unsubscribe } from '../../../shared/documents/questions/api';
import { errorText } from '../../../shared/documents/questions/parts';
import '../../../shared/documents/questions/questions.css';

/**
 * Spec 02 §2 /p/document/unsubscribe/{token}: one click turns the account's consultation emails
 * off. A click rather than on opening, so that a mail scanner fetching the link unsubscribes nobody.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const done = useMutation({
    mutationFn: () => unsubscribe(token),
    // Shown in the page.
    onError: () => {},
  });
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done.isSuccess || done.isError) resultRef.current?.focus();
  }, [done.isSuccess, done.isError]);

  return (
    <div className="page preferences-form">
      <h1 className="page__title">Unsubscribe</h1>
      {done.isSuccess ? (
        <div ref={resultRef} tabIndex={-1} role="status">
          <Alert type="success" showIcon message={preferenceMessages.unsubscribed} />
          <p>
            Changed your mind? <Link to="/p/document/preferences">Choose your email preferences</Link>.
          </p>
        </div>
      ) : (
        <>
          <p>Stop all consultation emails from the council to this account.</p>
          {done.isError && (
            <div ref={resultRef} tabIndex={-1} role="alert">
              <Alert type="error" showIcon message={errorText(done.error)} />
              <p>
                <Link to="/p/document/preferences">Email preferences</Link>
              </p>
            </div>
          )}
          <Button type="primary" loading={done.isPending} onClick={() => done.mutate()}>
            Unsubscribe
          </Button>
        </>
      )}
    </div>
  );
}
