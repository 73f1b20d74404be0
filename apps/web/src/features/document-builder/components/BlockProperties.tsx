import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, ColorPicker, Input, Select, Space, Upload } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  chartTypes,
  columnChartTypes,
  DEFAULT_CHART_COLOUR,
  type DocumentConfig,
  type DocumentEntity,
  type Question,
  type SiteInfoItem,
} from '@planning/shared';
import { ApiError, fetchBlob } from '../../../api/client';
import { DocumentChart } from '../../../shared/documents/chart/DocumentChart';
import '../../../shared/documents/publicDocuments.css';
import {
  attachmentIdOf,
  builderQueryKeys,
  fetchLayers,
  lookupSites,
  publicAttachmentPath,
  staffAttachmentPath,
  uploadAttachment,
} from '../api';
import { addBlock, blockLabel, deleteEntity, updateEntity } from '../configOps';
import type { DraftProblem } from '../draft';
import { Field, NumberField, SelectField, SwitchField, TextField } from './fields';
import { MapSiteFilters } from './MapSiteFilters';
import { QuestionFields } from './QuestionFields';
import { RichTextEditor } from './RichTextEditor';

type Entity<T extends DocumentEntity['type']> = Extract<DocumentEntity, { type: T }>;

type BlockPropertiesProps = {
  documentId: string;
  entity: DocumentEntity;
  problems: readonly DraftProblem[];
  readOnly: boolean;
  freshId: () => string;
  /** A changed block; `field` groups typing in one field into one undo step. */
  onChange: (entity: DocumentEntity, field: string) => void;
  /** The whole document, and a change to it (a carousel adds and removes its slides). */
  config: DocumentConfig;
  onConfigChange: (change: (config: DocumentConfig) => DocumentConfig, group?: string) => void;
};

/** The selected block's fields (spec 02 §3), by type. */
export function BlockProperties(props: BlockPropertiesProps) {
  const { entity, problems } = props;
  const problemOf = (field: string) =>
    problems.find((problem) => problem.entityId === entity.id && problem.field === field)?.message;
  const others = problems.filter(
    (problem) => problem.entityId === entity.id && !KNOWN_FIELDS.has(problem.field),
  );
  return (
    <section className="builder-properties" aria-labelledby="builder-properties-title">
      <h2 id="builder-properties-title" className="builder-pane__title">
        {blockLabel(entity.type)} block
      </h2>
      {others.length > 0 && (
        <Alert
          type="error"
          showIcon
          title="This block cannot be saved yet"
          description={others.map((problem) => problem.message).join('; ')}
          style={{ marginBottom: 12 }}
        />
      )}
      <Fields {...props} problemOf={problemOf} />
    </section>
  );
}

const KNOWN_FIELDS = new Set(['title', 'src', 'alt', 'url', 'chartName', 'subtitle', 'imageURL']);

function Fields(props: BlockPropertiesProps & { problemOf: (field: string) => string | undefined }) {
  const { entity, onChange, readOnly, problemOf, freshId } = props;
  const set = <E extends DocumentEntity>(current: E, patch: Partial<E>, field: string) =>
    onChange({ ...current, ...patch }, field);
  const text = (
    label: string,
    field: string,
    value: string | undefined,
    optional = true,
    multiline = false,
  ) => (
    <TextField
      label={label}
      value={value}
      readOnly={readOnly}
      multiline={multiline}
      problem={problemOf(field)}
      onChange={(next) =>
        set(entity, { [field]: optional && next === '' ? undefined : next } as Partial<DocumentEntity>, field)
      }
    />
  );
  switch (entity.type) {
    case 'hero':
      return (
        <>
          {text('Title', 'title', entity.title, false)}
          {text('Subtitle', 'subtitle', entity.subtitle)}
          {text('Background image address', 'imageURL', entity.imageURL)}
        </>
      );
    case 'carouselSection':
      return <CarouselFields {...props} entity={entity} />;
    case 'tableOfContents':
      return text('Title', 'title', entity.title);
    case 'divider':
      return <p>A line between the blocks before and after it. It has no settings.</p>;
    case 'section':
    case 'subSection':
      return text('Title', 'title', entity.title, false);
    case 'textBlock':
      return (
        <RichTextEditor
          label="Text"
          value={entity.content}
          readOnly={readOnly}
          onChange={(content) => set(entity, { content }, 'content')}
        />
      );
    case 'image':
      return <ImageFields {...props} entity={entity} />;
    case 'table':
      return <TableFields {...props} entity={entity} />;
    case 'video':
      return (
        <>
          <TextField
            label="Video address"
            hint="A YouTube or Vimeo page, or a video file on the web (https://)."
            value={entity.url}
            placeholder="https://"
            readOnly={readOnly}
            problem={problemOf('url')}
            onChange={(url) => set(entity, { url }, 'url')}
          />
          {text('Title', 'title', entity.title)}
          {text('Caption', 'caption', entity.caption)}
        </>
      );
    case 'tagTopic':
      return (
        <>
          {text('Title', 'title', entity.title)}
          <Field label="Tags">
            {({ id }) => (
              <Select
                id={id}
                mode="tags"
                value={entity.tags}
                disabled={readOnly}
                placeholder="Type a tag and press Enter"
                onChange={(tags: string[]) => set(entity, { tags }, 'tags')}
                open={false}
                suffixIcon={null}
              />
            )}
          </Field>
        </>
      );
    case 'map':
      return <MapFields {...props} entity={entity} />;
    case 'chart':
      return <ChartFields {...props} entity={entity} />;
    case 'link':
      return (
        <>
          {text('Link text', 'title', entity.title, false)}
          <TextField
            label="Link address"
            value={entity.url}
            placeholder="https://"
            readOnly={readOnly}
            problem={problemOf('url')}
            onChange={(url) => set(entity, { url }, 'url')}
          />
          {text('Description', 'description', entity.description, true, true)}
        </>
      );
    case 'poll':
      return (
        <QuestionFields
          question={entity.question}
          types={['radioQuestion', 'checkboxQuestion']}
          freshId={freshId}
          readOnly={readOnly}
          problemOf={problemOf}
          onChange={(question, field) => set(entity, { question }, `q:${field}`)}
        />
      );
    case 'question':
      return (
        <QuestionFields<Question>
          question={entity.question}
          types={[
            'radioQuestion',
            'checkboxQuestion',
            'textQuestion',
            'dropdownQuestion',
            'mapLinkedQuestion',
          ]}
          freshId={freshId}
          readOnly={readOnly}
          problemOf={problemOf}
          onChange={(question, field) => set(entity, { question }, `q:${field}`)}
        />
      );
  }
}

type Typed<T extends DocumentEntity['type']> = BlockPropertiesProps & {
  entity: Entity<T>;
  problemOf: (field: string) => string | undefined;
};

/** An image by upload (an attachment of the document) or by address; alt text is required. */
function ImageFields({ documentId, entity, onChange, readOnly, problemOf }: Typed<'image'>) {
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const set = (patch: Partial<Entity<'image'>>, field: string) => onChange({ ...entity, ...patch }, field);
  return (
    <>
      {!readOnly && (
        <Field
          label="Upload an image"
          hint="PNG or JPEG. Readers see it once the council's virus scan has passed it."
          problem={uploadError ?? undefined}
        >
          {({ id }) => (
            <Upload
              accept="image/png,image/jpeg"
              showUploadList={false}
              customRequest={({ file }) => {
                setUploadError(null);
                setUploading(true);
                uploadAttachment(documentId, file as File)
                  .then((attachment) => {
                    if (attachment) set({ src: publicAttachmentPath(documentId, attachment.id) }, 'src');
                  })
                  .catch((error: unknown) =>
                    setUploadError(error instanceof ApiError ? error.message : 'The upload failed'),
                  )
                  .finally(() => setUploading(false));
              }}
            >
              <Button id={id} icon={<UploadOutlined />} loading={uploading}>
                Choose an image
              </Button>
            </Upload>
          )}
        </Field>
      )}
      <TextField
        label="Image address"
        hint="Or the address of an image on the web (https://)."
        value={entity.src}
        placeholder="https://"
        readOnly={readOnly}
        problem={problemOf('src')}
        onChange={(src) => set({ src }, 'src')}
      />
      <TextField
        label="Alt text"
        hint="What the image shows, for people who cannot see it."
        value={entity.alt}
        readOnly={readOnly}
        problem={problemOf('alt')}
        onChange={(alt) => set({ alt }, 'alt')}
      />
      <TextField
        label="Caption"
        value={entity.caption}
        readOnly={readOnly}
        onChange={(caption) => set({ caption: caption || undefined }, 'caption')}
      />
      <ImagePreview documentId={documentId} src={entity.src} alt={entity.alt} />
    </>
  );
}

/**
 * What the image looks like: one on the web as it is, one of our attachments through the staff
 * download (the public path serves it only once the virus scan has passed it).
 */
function ImagePreview({ documentId, src, alt }: { documentId: string; src: string; alt: string }) {
  const fileId = attachmentIdOf(documentId, src);
  const blob = useQuery({
    queryKey: ['documents', 'attachment-preview', documentId, fileId],
    queryFn: ({ signal }) => fetchBlob(staffAttachmentPath(documentId, fileId!), { signal }),
    enabled: fileId !== null,
    staleTime: Infinity,
  });
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (/^https?:\/\//.test(src)) return <img className="builder-image-preview" src={src} alt={alt} />;
  if (!fileId) return null;
  if (blob.isError)
    return (
      <p className="builder-field__hint">
        {blob.error instanceof ApiError ? blob.error.message : 'No preview'}
      </p>
    );
  return url ? <img className="builder-image-preview" src={url} alt={alt} /> : null;
}

function TableFields({ entity, onChange, readOnly }: Typed<'table'>) {
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

/** Spec 02 §3 Chart config: pie, column (default, group, stack) or line; rows of label, value, serial, colour. */
function ChartFields({ entity, onChange, readOnly, problemOf }: Typed<'chart'>) {
  const set = (patch: Partial<Entity<'chart'>>, field: string) => onChange({ ...entity, ...patch }, field);
  const setRow = (index: number, patch: Partial<Entity<'chart'>['chartData'][number]>, field: string) =>
    set(
      { chartData: entity.chartData.map((row, i) => (i === index ? { ...row, ...patch } : row)) },
      `r${index}${field}`,
    );
  return (
    <>
      <TextField
        label="Chart name"
        value={entity.chartName}
        readOnly={readOnly}
        problem={problemOf('chartName')}
        onChange={(chartName) => set({ chartName }, 'chartName')}
      />
      <Space align="start" wrap>
        <SelectField
          label="Chart type"
          width={140}
          value={entity.chartType}
          readOnly={readOnly}
          options={chartTypes.map((type) => ({
            value: type,
            label: type[0]!.toUpperCase() + type.slice(1),
          }))}
          onChange={(chartType) => set({ chartType }, 'chartType')}
        />
        {entity.chartType === 'column' && (
          <SelectField
            label="Columns"
            width={140}
            value={entity.columnChartType}
            readOnly={readOnly}
            options={columnChartTypes.map((type) => ({
              value: type,
              label: { default: 'Default', group: 'Grouped', stack: 'Stacked' }[type],
            }))}
            onChange={(columnChartType) => set({ columnChartType }, 'columnChartType')}
          />
        )}
      </Space>
      <SwitchField
        label="Show values as percentages"
        checked={entity.isPercentageable}
        readOnly={readOnly}
        onChange={(isPercentageable) => set({ isPercentageable }, 'isPercentageable')}
      />
      <Field
        label="Series names"
        hint="For grouped, stacked and line charts: the serial of each row names its series."
      >
        {({ id, describedBy }) => (
          <Select
            id={id}
            aria-describedby={describedBy}
            mode="tags"
            open={false}
            suffixIcon={null}
            value={entity.columns}
            disabled={readOnly}
            onChange={(columns: string[]) => set({ columns }, 'columns')}
          />
        )}
      </Field>
      <fieldset className="builder-fieldset">
        <legend>Rows</legend>
        {entity.chartData.map((row, index) => (
          <Card size="small" key={index} className="builder-option">
            <Space align="start" wrap>
              <TextField
                label={`Row ${index + 1} label`}
                value={row.label}
                readOnly={readOnly}
                onChange={(label) => setRow(index, { label }, 'l')}
              />
              <NumberField
                label={`Row ${index + 1} value`}
                value={row.value}
                readOnly={readOnly}
                onChange={(value) => setRow(index, { value: value ?? 0 }, 'v')}
              />
              <TextField
                label={`Row ${index + 1} serial`}
                value={row.serial}
                readOnly={readOnly}
                onChange={(serial) => setRow(index, { serial: serial || undefined }, 's')}
              />
              <Field label={`Row ${index + 1} colour`}>
                {({ id }) => (
                  <ColorPicker
                    value={row.color || DEFAULT_CHART_COLOUR}
                    disabled={readOnly}
                    disabledAlpha
                    showText
                    format="hex"
                    onChangeComplete={(colour) =>
                      setRow(index, { color: colour.toHexString().toUpperCase() }, 'c')
                    }
                  >
                    <Button id={id}>{row.color || DEFAULT_CHART_COLOUR}</Button>
                  </ColorPicker>
                )}
              </Field>
            </Space>
            {!readOnly && (
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => set({ chartData: entity.chartData.filter((_, i) => i !== index) }, 'rows')}
              >
                Remove row {index + 1}
              </Button>
            )}
          </Card>
        ))}
        {!readOnly && (
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() =>
              set(
                { chartData: [...entity.chartData, { label: '', value: 0, color: DEFAULT_CHART_COLOUR }] },
                'rows',
              )
            }
          >
            Add row
          </Button>
        )}
      </fieldset>
      <section className="builder-chart-preview" aria-label="Chart preview">
        <h3 className="builder-pane__title">Preview</h3>
        <DocumentChart config={entity} />
      </section>
    </>
  );
}

/**
 * A map block: its sites (chosen by name or reference, or found by search filters), layers, caption
 * and site info items.
 */
function MapFields({ entity, onChange, onConfigChange, readOnly }: Typed<'map'>) {
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

/** A carousel's slides: images, one shown at a time (its children in the config). */
function CarouselFields({ entity, config, onConfigChange, readOnly, problems }: Typed<'carouselSection'>) {
  const slides = (entity.childSectionIds ?? []).flatMap((id) => {
    const slide = config.entities[id];
    return slide?.type === 'image' ? [slide] : [];
  });
  const problemOf = (id: string, field: string) =>
    problems.find((problem) => problem.entityId === id && problem.field === field)?.message;
  const setSlide = (slide: Entity<'image'>, field: string) =>
    onConfigChange((current) => updateEntity(current, slide), `${slide.id}:${field}`);
  return (
    <>
      <TextField
        label="Title"
        value={entity.title}
        readOnly={readOnly}
        onChange={(title) =>
          onConfigChange(
            (current) => updateEntity(current, { ...entity, title: title || undefined }),
            `${entity.id}:title`,
          )
        }
      />
      <fieldset className="builder-fieldset">
        <legend>Slides</legend>
        {slides.length === 0 && <p>No slides yet: readers see nothing until one is added.</p>}
        {slides.map((slide, index) => (
          <Card
            size="small"
            key={slide.id}
            className="builder-option"
            title={`Slide ${index + 1}`}
            extra={
              !readOnly && (
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Remove slide ${index + 1}`}
                  onClick={() => onConfigChange((current) => deleteEntity(current, slide.id))}
                />
              )
            }
          >
            <TextField
              label={`Slide ${index + 1} image address`}
              value={slide.src}
              placeholder="https://"
              readOnly={readOnly}
              problem={problemOf(slide.id, 'src')}
              onChange={(src) => setSlide({ ...slide, src }, 'src')}
            />
            <TextField
              label={`Slide ${index + 1} alt text`}
              value={slide.alt}
              readOnly={readOnly}
              problem={problemOf(slide.id, 'alt')}
              onChange={(alt) => setSlide({ ...slide, alt }, 'alt')}
            />
            <TextField
              label={`Slide ${index + 1} caption`}
              value={slide.caption}
              readOnly={readOnly}
              onChange={(caption) => setSlide({ ...slide, caption: caption || undefined }, 'caption')}
            />
          </Card>
        ))}
        {!readOnly && (
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => onConfigChange((current) => addBlock(current, entity.id, 'image').config)}
          >
            Add image slide
          </Button>
        )}
      </fieldset>
    </>
  );
}
