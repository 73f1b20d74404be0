import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Empty, Spin, Tag } from 'antd';
import { compareConfigs } from '@planning/shared';
import { configQueryKeys, fetchConfigVersion, fetchConfigVersions, type ConfigVersion } from '../api';
import { ChangeList } from './ChangeList';
import { when } from './ConfigDocumentTable';
import { messageOf } from './ErrorScreens';

/** One version's changes, fetched when opened. */
function VersionChanges({ configId, version }: { configId: string; version: number }) {
  const detail = useQuery({
    queryKey: configQueryKeys.version(configId, version),
    queryFn: ({ signal }) => fetchConfigVersion(configId, version, signal),
  });
  if (detail.isPending)
    return (
      <div role="status" aria-label={`Loading version ${version}`}>
        <Spin size="small" />
      </div>
    );
  if (detail.isError) return <Alert type="error" showIcon title={messageOf(detail.error)} />;
  const changes =
    detail.data.changes.length > 0 || detail.data.before === null
      ? detail.data.changes
      : compareConfigs(detail.data.before, detail.data.after).changes;
  if (changes.length === 0) return <p className="config-history__none">The document did not change.</p>;
  return <ChangeList changes={changes} caption={`Changes of version ${version}`} />;
}

/**
 * The config's versions (issue 16 point 1: who, when, what), newest first; each can show its
 * changes and, but for the current one, be rolled back to (asked first).
 */
export function VersionHistory({
  open,
  configId,
  currentVersion,
  canRollBack,
  dirty,
  onRollBack,
  onClose,
}: {
  open: boolean;
  configId: string;
  currentVersion: number;
  canRollBack: boolean;
  dirty: boolean;
  onRollBack: (version: number) => Promise<unknown>;
  onClose: () => void;
}) {
  const { modal } = App.useApp();
  const [shown, setShown] = useState<number | null>(null);
  const versions = useQuery({
    queryKey: configQueryKeys.versions(configId),
    queryFn: ({ signal }) => fetchConfigVersions(configId, signal),
    enabled: open,
  });

  const handleRollBack = (version: ConfigVersion) =>
    modal.confirm({
      title: `Roll back to version ${version.version}?`,
      content: `The config becomes as it was after version ${version.version}, saved as a new version.${
        dirty ? ' Your unsaved changes are discarded.' : ''
      }`,
      okText: 'Roll back',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      width: 360,
      onOk: () => onRollBack(version.version),
    });

  return (
    <Drawer open={open} onClose={onClose} title="Version history" size={480} destroyOnHidden>
      {versions.isPending ? (
        <div role="status" aria-label="Loading versions">
          <Spin />
        </div>
      ) : versions.isError ? (
        <Alert
          type="error"
          showIcon
          title={messageOf(versions.error)}
          action={<Button onClick={() => void versions.refetch()}>Try again</Button>}
        />
      ) : versions.data.length === 0 ? (
        <Empty description="No versions yet" />
      ) : (
        <ol className="config-history" aria-label="Versions, newest first">
          {versions.data.map((version) => (
            <li key={version.version} className="config-history__item">
              <div className="config-history__head">
                <strong>Version {version.version}</strong>
                <Tag>{version.actionLabel}</Tag>
                {version.version === currentVersion && <Tag color="blue">Current</Tag>}
              </div>
              <div className="config-history__meta">
                {when(version.changedAt)}
                {version.changedBy ? ` by ${version.changedBy}` : ''}
              </div>
              {version.summary && <div className="config-history__summary">{version.summary}</div>}
              <div className="config-history__actions">
                <Button
                  size="small"
                  aria-expanded={shown === version.version}
                  onClick={() => setShown(shown === version.version ? null : version.version)}
                >
                  {shown === version.version ? 'Hide changes' : 'Show changes'}
                </Button>
                {canRollBack && version.version !== currentVersion && (
                  <Button
                    size="small"
                    danger
                    onClick={() => handleRollBack(version)}
                    aria-label={`Roll back to version ${version.version}`}
                  >
                    Roll back
                  </Button>
                )}
              </div>
              {shown === version.version && <VersionChanges configId={configId} version={version.version} />}
            </li>
          ))}
        </ol>
      )}
    </Drawer>
  );
}
