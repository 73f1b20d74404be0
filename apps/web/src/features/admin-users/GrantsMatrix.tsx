import { Checkbox, Table, Tooltip } from 'antd';
import {
  accessActionLabels,
  accessActions,
  accessUnitLabels,
  accessUnits,
  grantKey,
  hasGrants,
  type AccessAction,
  type AccessUnit,
  type Grant,
} from '@planning/shared';

export const NOT_HELD_TIP = 'You do not hold this permission, so you cannot grant it';

type Props = {
  value: Grant[];
  onChange: (grants: Grant[]) => void;
  /** What the administrator holds: other pairs cannot be granted. */
  held: readonly Grant[];
  /** Pairs the role had when the editor opened: revoking one is allowed even if not held. */
  initial?: readonly Grant[];
};

/** Units × read/write/delete checkboxes (spec 01 §6's units and actions). */
export function GrantsMatrix({ value, onChange, held, initial = [] }: Props) {
  const chosen = new Set(value.map(grantKey));
  const toggle = (grant: Grant, on: boolean) =>
    onChange(on ? [...value, grant] : value.filter((g) => grantKey(g) !== grantKey(grant)));
  return (
    <Table<{ unit: AccessUnit }>
      className="grants-matrix"
      size="small"
      pagination={false}
      rowKey="unit"
      dataSource={accessUnits.map((unit) => ({ unit }))}
      columns={[
        { title: 'Area', dataIndex: 'unit', render: (unit: AccessUnit) => accessUnitLabels[unit] },
        ...accessActions.map((action: AccessAction) => ({
          title: accessActionLabels[action],
          key: action,
          align: 'center' as const,
          render: (_: unknown, row: { unit: AccessUnit }) => {
            const grant = { unit: row.unit, action };
            const checked = chosen.has(grantKey(grant));
            const allowed = hasGrants(held, [grant]) || (checked && hasGrants(initial, [grant]));
            const box = (
              <Checkbox
                checked={checked}
                disabled={!allowed}
                aria-label={`${accessUnitLabels[row.unit]}: ${accessActionLabels[action]}${allowed ? '' : ` (${NOT_HELD_TIP})`}`}
                onChange={(event) => toggle(grant, event.target.checked)}
              />
            );
            // A disabled input fires no mouse events: the tooltip listens on a wrapper.
            return allowed ? (
              box
            ) : (
              <Tooltip title={NOT_HELD_TIP}>
                <span style={{ display: 'inline-block' }}>{box}</span>
              </Tooltip>
            );
          },
        })),
      ]}
    />
  );
}
