import { Button, Result } from 'antd';
import { configMessages, type ConfigType } from '@planning/shared';
import { ApiError } from '../../../api/client';

/** Spec 01 §8 / 03 §8: a missing or broken config shows a 'Config error' card with a Reload button. */
export function ConfigError({ type, error }: { type: ConfigType; error: unknown }) {
  const message = error instanceof Error ? error.message : configMessages.invalid;
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Result
      status="warning"
      title="Config error"
      subTitle={
        <>
          <span>Error: {message}</span>
          <br />
          <span>{missing ? configMessages.createHint : 'Please, try again or contact support'}</span>
        </>
      }
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
      data-config-type={type}
    />
  );
}
