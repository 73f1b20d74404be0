import { Alert, Table, Tag } from 'antd';
import type { ConfigChange, ConfigComparison } from '@planning/shared';

const kindWords = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const;

/** A value of a change, as compact JSON ('—' when there is none on that side). */
function ValueCell({ value }: { value: unknown }) {
  if (value === undefined) return <span className="config-changes__none">—</span>;
  const text = JSON.stringify(value, null, 2);
  return <pre className="config-changes__value">{text.length > 2000 ? `${text.slice(0, 2000)}…` : text}</pre>;
}

/** Each added, removed or changed path with its value before and after. */
export function ChangeList({ changes, caption }: { changes: readonly ConfigChange[]; caption: string }) {
  return (
    <Table<ConfigChange>
      className="config-changes"
      size="small"
      rowKey={(change) => `${change.kind}:${change.path}`}
      dataSource={[...changes]}
      pagination={changes.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      caption={<span className="visually-hidden">{caption}</span>}
      columns={[
        {
          title: 'Path',
          key: 'path',
          render: (_, change) => <code>{change.path || '(whole document)'}</code>,
        },
        {
          title: 'Change',
          key: 'kind',
          render: (_, change) => (
            <Tag className={`config-changes__kind config-changes__kind--${change.kind}`}>
              {kindWords[change.kind]}
            </Tag>
          ),
        },
        { title: 'Before', key: 'before', render: (_, change) => <ValueCell value={change.before} /> },
        { title: 'After', key: 'after', render: (_, change) => <ValueCell value={change.after} /> },
      ]}
    />
  );
}

/**
 * Spec 03 §2/§4 comparison between the initial and current config: the comparison's message
 * (configs equal, editor config invalid, …) and the changes.
 */
export function ComparePanel({ comparison }: { comparison: ConfigComparison }) {
  const type =
    comparison.status === 'different' ? 'info' : comparison.status === 'equal' ? 'success' : 'warning';
  return (
    <section className="config-compare" aria-label="Comparison of the initial and current config">
      <Alert
        type={type}
        showIcon
        title={comparison.message}
        className="config-compare__status"
        role="status"
      />
      {comparison.changes.length > 0 && (
        <ChangeList changes={comparison.changes} caption="Changes from the initial config" />
      )}
    </section>
  );
}
