import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Select, Upload } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { type DocumentEntity, type Question } from '@planning/shared';
import { ApiError, fetchBlob } from '../../../api/client';
import '../../../shared/documents/publicDocuments.css';
import { attachmentIdOf, publicAttachmentPath, staffAttachmentPath, uploadAttachment } from '../api';
import { addBlock, blockLabel, deleteEntity, updateEntity } from '../configOps';
import { Field, TextField } from './fields';
import { QuestionFields } from './QuestionFields';
import { RichTextEditor } from './RichTextEditor';
import type { BlockPropertiesProps, Entity, Typed } from './blockTypes';
import { ChartFields } from './ChartFields';
import { MapFields } from './MapFields';
import { TableFields } from './TableFields';

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
