import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type SiteInfoItem } from '@planning/shared';
import { builderQueryKeys, fetchLayers, lookupSites } from '../api';
import { updateEntity } from '../configOps';
import { Field, SwitchField, TextField } from './fields';
import { MapSiteFilters } from './MapSiteFilters';
import type { Entity, Typed } from './blockTypes';

/**
 * A map block: its sites (chosen by name or reference, or found by search filters), layers, caption
 * and site info items.
 */
export function MapFields({ entity, onChange, onConfigChange, readOnly }: Typed<'map'>) {
  const set = (patch: Partial<Entity<'map'>>, field: string) => onChange({ ...entity, ...patch }, field);
  const [term, setTerm] = useState('');
  const sites = useQuery({
    queryKey: builderQueryKeys.sites(term),
    queryFn: ({ signal }) => lookupSites(term, signal),
    enabled: term.trim().length > 0,
  });
  const layers = useQuery({
    queryKey: builderQueryKeys.layers,
    queryFn: ({ signal }) => fetchLayers(signal),
  });
  const [names, setNames] = useState<Record<string, string>>({});
  const siteIds = entity.sites.ids ?? [];
  const setItem = (index: number, item: SiteInfoItem | null, field: string) =>
    set(
      {
        siteInfo: item
          ? entity.siteInfo.map((other, i) => (i === index ? item : other))
          : entity.siteInfo.filter((_, i) => i !== index),
      },
      `i${index}${field}`,
    );
  return (
    <>
      <TextField
        label="Caption"
        value={entity.caption}
        readOnly={readOnly}
        onChange={(caption) => set({ caption: caption || undefined }, 'caption')}
      />
      <Field label="Sites" hint="Search by site name, HELAA reference or id.">
        {({ id, describedBy }) => (
          <Select
            id={id}
            aria-describedby={describedBy}
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setTerm }}
            disabled={readOnly}
            value={siteIds}
            placeholder="Search sites"
            notFoundContent={term ? (sites.isFetching ? 'Searching…' : 'No sites found') : 'Type to search'}
            options={[
              ...siteIds.map((siteId) => ({ value: siteId, label: names[siteId] ?? `Site ${siteId}` })),
              ...(sites.data ?? [])
                .filter((site) => !siteIds.includes(site.id))
                .map((site) => ({
                  value: site.id,
                  label: `${site.site_name ?? `Site ${site.id}`}${site.helaa_reference ? ` (${site.helaa_reference})` : ''}`,
                })),
            ]}
            onChange={(ids: string[], options) => {
              const labelled = Array.isArray(options) ? options : [options];
              setNames((current) => ({
                ...current,
                ...Object.fromEntries(
                  labelled.flatMap((option) => (option?.value ? [[option.value, String(option.label)]] : [])),
                ),
              }));
              set({ sites: { ...entity.sites, ids } }, 'sites');
            }}
          />
        )}
      </Field>
      <MapSiteFilters
        filters={entity.sites.filters}
        readOnly={readOnly}
        onChange={(filters) =>
          // Each change of the filters is an undo step of its own (no typing to group).
          onConfigChange((current) => {
            const map = current.entities[entity.id];
            return map?.type === 'map'
              ? updateEntity(current, { ...map, sites: { ...map.sites, filters } })
              : current;
          })
        }
      />
      <Field label="Layers">
        {({ id }) => (
          <Select
            id={id}
            mode="multiple"
            disabled={readOnly}
            loading={layers.isPending}
            value={entity.layerIds}
            optionFilterProp="label"
            placeholder="Choose layers to show"
            options={(layers.data ?? []).map((layer) => ({ value: layer.id, label: layer.title }))}
            onChange={(layerIds: string[]) => set({ layerIds }, 'layerIds')}
          />
        )}
      </Field>
      <TextField
        label="Map style"
        hint="The name of a base map style; empty for the council's default."
        value={entity.style}
        readOnly={readOnly}
        onChange={(style) => set({ style: style || undefined }, 'style')}
      />
      <SwitchField
        label="Site details dropdown (the popup's 'Site Information' link and the accordion below the map)"
        checked={entity.siteDetailsDropdown}
        readOnly={readOnly}
        onChange={(siteDetailsDropdown) => set({ siteDetailsDropdown }, 'siteDetailsDropdown')}
      />
      <fieldset className="builder-fieldset">
        <legend>Site information</legend>
        {entity.siteInfo.map((item, index) => (
          <Card
            size="small"
            key={index}
            className="builder-option"
            title={item.type === 'table' ? `Table ${index + 1}` : `Field ${index + 1}`}
            extra={
              !readOnly && (
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Remove site information item ${index + 1}`}
                  onClick={() => setItem(index, null, 'remove')}
                />
              )
            }
          >
            <TextField
              label="Title"
              value={item.title}
              readOnly={readOnly}
              onChange={(title) => setItem(index, { ...item, title }, 't')}
            />
            {item.type === 'field' ? (
              <TextField
                label="Column name"
                value={item.columnName}
                readOnly={readOnly}
                onChange={(columnName) => setItem(index, { ...item, columnName }, 'c')}
              />
            ) : (
              <>
                {item.columns.map((column, c) => (
                  <Space key={c} align="start" wrap>
                    <TextField
                      label={`Column ${c + 1} title`}
                      value={column.title}
                      readOnly={readOnly}
                      onChange={(title) =>
                        setItem(
                          index,
                          { ...item, columns: item.columns.map((o, i) => (i === c ? { ...o, title } : o)) },
                          `c${c}t`,
                        )
                      }
                    />
                    <TextField
                      label={`Column ${c + 1} column name`}
                      value={column.columnName}
                      readOnly={readOnly}
                      onChange={(columnName) =>
                        setItem(
                          index,
                          {
                            ...item,
                            columns: item.columns.map((o, i) => (i === c ? { ...o, columnName } : o)),
                          },
                          `c${c}n`,
                        )
                      }
                    />
                  </Space>
                ))}
                {!readOnly && (
                  <Button
                    size="small"
                    icon={<PlusOutlined />}
                    onClick={() =>
                      setItem(
                        index,
                        { ...item, columns: [...item.columns, { title: '', columnName: '' }] },
                        'cols',
                      )
                    }
                  >
                    Add column
                  </Button>
                )}
              </>
            )}
          </Card>
        ))}
        {!readOnly && (
          <Space wrap>
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() =>
                set(
                  {
                    siteInfo: [
                      ...entity.siteInfo,
                      { type: 'field', title: 'Site name', columnName: 'site_name' },
                    ],
                  },
                  'siteInfo',
                )
              }
            >
              Add a field
            </Button>
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() =>
                set(
                  {
                    siteInfo: [
                      ...entity.siteInfo,
                      {
                        type: 'table',
                        title: 'Table',
                        columns: [{ title: 'Size (ha)', columnName: 'size_ha' }],
                      },
                    ],
                  },
                  'siteInfo',
                )
              }
            >
              Add a table
            </Button>
          </Space>
        )}
      </fieldset>
    </>
  );
}
