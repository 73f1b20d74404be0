import { Button, Input, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { TextField } from './fields';
import type { Entity, Typed } from './blockTypes';

export function TableFields({ entity, onChange, readOnly }: Typed<'table'>) {
  const set = (patch: Partial<Entity<'table'>>, field: string) => onChange({ ...entity, ...patch }, field);
  const width = Math.max(entity.header.length, ...entity.rows.map((row) => row.length), 1);
  const cell = (value: string, label: string, change: (value: string) => void) => (
    <Input
      value={value}
      aria-label={label}
      readOnly={readOnly}
      onChange={(event) => change(event.target.value)}
    />
  );
  return (
    <>
      <TextField
        label="Caption"
        value={entity.caption}
        readOnly={readOnly}
        onChange={(caption) => set({ caption: caption || undefined }, 'caption')}
      />
      <div className="builder-table-editor" role="group" aria-label="Table cells">
        <table>
          <thead>
            <tr>
              {Array.from({ length: width }, (_, col) => (
                <th key={col}>
                  {cell(entity.header[col] ?? '', `Heading of column ${col + 1}`, (value) =>
                    set(
                      {
                        header: Array.from({ length: width }, (_, c) =>
                          c === col ? value : (entity.header[c] ?? ''),
                        ),
                      },
                      `h${col}`,
                    ),
                  )}
                </th>
              ))}
              <th />
            </tr>
          </thead>
          <tbody>
            {entity.rows.map((row, r) => (
              <tr key={r}>
                {Array.from({ length: width }, (_, col) => (
                  <td key={col}>
                    {cell(row[col] ?? '', `Row ${r + 1}, column ${col + 1}`, (value) =>
                      set(
                        {
                          rows: entity.rows.map((other, i) =>
                            i === r
                              ? Array.from({ length: width }, (_, c) =>
                                  c === col ? value : (other[c] ?? ''),
                                )
                              : other,
                          ),
                        },
                        `c${r}:${col}`,
                      ),
                    )}
                  </td>
                ))}
                <td>
                  {!readOnly && (
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Remove row ${r + 1}`}
                      onClick={() => set({ rows: entity.rows.filter((_, i) => i !== r) }, 'rows')}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!readOnly && (
        <Space wrap style={{ marginTop: 8 }}>
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => set({ rows: [...entity.rows, Array(width).fill('')] }, 'rows')}
          >
            Add row
          </Button>
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() =>
              set(
                {
                  header: [
                    ...Array.from({ length: width }, (_, c) => entity.header[c] ?? ''),
                    `Column ${width + 1}`,
                  ],
                  rows: entity.rows.map((row) => [
                    ...Array.from({ length: width }, (_, c) => row[c] ?? ''),
                    '',
                  ]),
                },
                'cols',
              )
            }
          >
            Add column
          </Button>
          {width > 1 && (
            <Button
              size="small"
              danger
              onClick={() =>
                set(
                  {
                    header: entity.header.slice(0, width - 1),
                    rows: entity.rows.map((row) => row.slice(0, width - 1)),
                  },
                  'cols',
                )
              }
            >
              Remove last column
            </Button>
          )}
        </Space>
      )}
    </>
  );
}
