import type { ReactNode } from 'react';
import { Button, Result, Space } from 'antd';
import { configMessages } from '@planning/shared';
import { ApiError, HTTP_FALLBACK_MESSAGE } from '../../../api/client';

/** The words of a failure: the server's message, else the spec's fallback. */
export function messageOf(error: unknown, fallback: string = configMessages.unknownError): string {
  // The client's own words for "no answer" say less than the screen's fallback.
  if (error instanceof ApiError) return error.message === HTTP_FALLBACK_MESSAGE ? fallback : error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * Spec 03 §8 config-error screen: 'Error: {message}', a hint ('Please, try again or contact
 * support' unless the caller has a better one) and Reload, which fetches the config again.
 */
export function ConfigErrorScreen({
  message,
  hint = configMessages.errorHint,
  onReload,
  extra,
}: {
  message: string;
  hint?: string;
  onReload: () => void;
  /** A way on besides Reload (back to the list). */
  extra?: ReactNode;
}) {
  return (
    <div className="page page--centred">
      <Result
        status="warning"
        title={<h1 className="config-error__title">{configMessages.errorTitle(message)}</h1>}
        subTitle={hint}
        extra={
          <Space wrap>
            <Button type="primary" onClick={onReload}>
              {configMessages.reload}
            </Button>
            {extra}
          </Space>
        }
      />
    </div>
  );
}

/** Spec 03 §2 generic error screen: 'Error occurred', the error's message, and 'Try again'. */
export function GenericErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="page page--centred">
      <Result
        status="error"
        title={<h1 className="config-error__title">{configMessages.errorOccurred}</h1>}
        subTitle={messageOf(error)}
        extra={
          <Button type="primary" onClick={onRetry}>
            {configMessages.tryAgain}
          </Button>
        }
      />
    </div>
  );
}
