import { Alert, Button, Space } from 'antd';
import { councilSettingsMessages as messages } from '@planning/shared';

/**
 * The foot of a settings form: why the last save failed (if it did), Save (submits the form) and
 * Reset (back to what the server holds; `onReset` also clears the failure).
 */
export function SaveBar({
  error,
  saving,
  onReset,
}: {
  error: string | null;
  saving: boolean;
  onReset: () => void;
}) {
  return (
    <>
      {error && (
        <Alert
          type="error"
          showIcon
          message={messages.saveFailed}
          description={error}
          style={{ marginBottom: 16 }}
        />
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save
        </Button>
        <Button onClick={onReset} disabled={saving}>
          Reset
        </Button>
      </Space>
    </>
  );
}

/** A settings tab whose data could not be read: why, and Try again. */
export function LoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      message={messages.loadFailed}
      description={error.message}
      action={<Button onClick={onRetry}>Try again</Button>}
    />
  );
}
