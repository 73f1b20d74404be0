import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Input, Modal, Radio, Select, Space } from 'antd';
import { REPRESENTATION_LIMITS, redactionTypes, type RedactionType } from '@planning/shared';
import { editorQueryKeys, fetchLayers, fetchTopics, lookupSites, searchLayerFeatures } from '../api';

/** The dialogs the floating menu opens, one per mark; each shows the text it applies to. */

const redactionTypeLabels: Record<RedactionType, string> = {
  name: 'Name',
  'telephone number': 'Telephone number',
  'email address': 'Email address',
  address: 'Address',
  other: 'Other',
};

function Excerpt({ text }: { text: string }) {
  const short = text.length > 240 ? `${text.slice(0, 240)}…` : text;
  return (
    <blockquote className="rep-dialog__excerpt" aria-label="Selected text">
      {short}
    </blockquote>
  );
}

/** As the user stops typing: a search waits for a pause (300 ms) before it asks the server. */
function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

type RedactDialogProps = {
  open: boolean;
  text: string;
  onCancel: () => void;
  onRedact: (values: { redactionType: RedactionType; comment: string | null }) => void;
};

/** Redact: one of the spec's five types (spec 02 §3) and an optional comment. */
export function RedactDialog({ open, text, onCancel, onRedact }: RedactDialogProps) {
  const [type, setType] = useState<RedactionType | null>(null);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const commentId = useId();
  const submit = () => {
    if (!type) return setProblem('Choose the type of redaction');
    onRedact({ redactionType: type, comment: comment.trim() || null });
  };
  return (
    <Modal open={open} title="Redact" okText="Redact" onOk={submit} onCancel={onCancel} destroyOnHidden>
      <Excerpt text={text} />
      <fieldset className="rep-dialog__field rep-dialog__fieldset">
        <legend className="rep-dialog__label">Type of redaction</legend>
        <Radio.Group
          value={type}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            setType(event.target.value as RedactionType);
            setProblem(null);
          }}
        >
          <Space orientation="vertical">
            {redactionTypes.map((value) => (
              <Radio key={value} value={value}>
                {redactionTypeLabels[value]}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </fieldset>
      <div className="rep-dialog__field">
        <label htmlFor={commentId} className="rep-dialog__label">
          Comment (optional)
        </label>
        <Input.TextArea
          id={commentId}
          value={comment}
          maxLength={REPRESENTATION_LIMITS.commentMax}
          autoSize={{ minRows: 2, maxRows: 6 }}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
      {problem && <Alert type="error" role="alert" title={problem} showIcon />}
    </Modal>
  );
}

type TagDialogProps = {
  open: boolean;
  text: string;
  onCancel: () => void;
  onTag: (tagIds: string[]) => void;
};

/** Tag: topics of the council (spec 02 §9: refetched every 5 minutes). */
export function TagDialog({ open, text, onCancel, onTag }: TagDialogProps) {
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const topicsId = useId();
  const topics = useTopics();
  return (
    <Modal
      open={open}
      title="Tag"
      okText="Tag"
      onOk={() => (tagIds.length === 0 ? setProblem('Choose at least one topic') : onTag(tagIds))}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Excerpt text={text} />
      <div className="rep-dialog__field">
        <label htmlFor={topicsId} className="rep-dialog__label">
          Topics
        </label>
        <Select
          id={topicsId}
          mode="multiple"
          value={tagIds}
          loading={topics.isPending}
          placeholder="Choose topics"
          showSearch={{ optionFilterProp: 'label' }}
          options={(topics.data ?? []).map((topic) => ({ value: topic.id, label: topic.name }))}
          onChange={setTagIds}
          style={{ width: '100%' }}
          notFoundContent={topics.isError ? 'Failed to load topics' : 'No topics'}
        />
      </div>
      {problem && <Alert type="error" role="alert" title={problem} showIcon />}
    </Modal>
  );
}

export function useTopics() {
  return useQuery({
    queryKey: editorQueryKeys.topics,
    queryFn: ({ signal }) => fetchTopics(signal),
    refetchInterval: REPRESENTATION_LIMITS.topicsRefetchMs,
    staleTime: REPRESENTATION_LIMITS.topicsRefetchMs,
  });
}

type SiteOption = { value: string; label: string };

/** A search of the council's sites by name, HELAA reference or id. */
function SiteSearch({
  id,
  value,
  multiple,
  onChange,
}: {
  id: string;
  value: SiteOption[];
  multiple: boolean;
  onChange: (value: SiteOption[]) => void;
}) {
  const [term, setTerm] = useState('');
  const search = useDebounced(term.trim());
  const sites = useQuery({
    queryKey: editorQueryKeys.sites(search),
    queryFn: ({ signal }) => lookupSites(search, signal),
    enabled: search.length > 0,
  });
  const options = (sites.data ?? []).map((site) => ({
    value: site.id,
    label: [site.site_name ?? 'Unnamed site', site.helaa_reference, `#${site.id}`]
      .filter(Boolean)
      .join(' · '),
  }));
  return (
    <Select<SiteOption | SiteOption[]>
      id={id}
      mode={multiple ? 'multiple' : undefined}
      labelInValue
      showSearch={{ filterOption: false, onSearch: setTerm }}
      value={multiple ? value : value[0]}
      placeholder="Search by site name, reference or id"
      loading={sites.isFetching}
      options={options}
      notFoundContent={
        search.length === 0 ? 'Type to search' : sites.isError ? 'Failed to fetch site ids' : 'No sites found'
      }
      onChange={(next) => onChange(Array.isArray(next) ? next : next ? [next] : [])}
      style={{ width: '100%' }}
    />
  );
}

type MapDialogProps = {
  open: boolean;
  text: string;
  onCancel: () => void;
  onMap: (values: { siteIds: string[]; layerIds: string[]; featureIds: string[] }) => void;
};

/** Map: sites, and optionally a layer's features (spec 02 §3 map mark: featureIds 'layerId:featureId'). */
export function MapDialog({ open, text, onCancel, onMap }: MapDialogProps) {
  const [sites, setSites] = useState<SiteOption[]>([]);
  const [layerId, setLayerId] = useState<string | null>(null);
  const [features, setFeatures] = useState<SiteOption[]>([]);
  const [term, setTerm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const sitesId = useId();
  const layerIdField = useId();
  const featuresId = useId();
  const search = useDebounced(term.trim());
  const layers = useQuery({
    queryKey: editorQueryKeys.layers,
    queryFn: ({ signal }) => fetchLayers(signal),
    enabled: open,
  });
  const found = useQuery({
    queryKey: editorQueryKeys.features(layerId ?? '', search),
    queryFn: ({ signal }) => searchLayerFeatures(layerId!, search, signal),
    enabled: open && !!layerId && search.length > 0,
  });
  const submit = () => {
    if (sites.length === 0 && !layerId) return setProblem('Choose a site or a layer');
    onMap({
      siteIds: sites.map((site) => site.value),
      layerIds: layerId ? [layerId] : [],
      featureIds: layerId ? features.map((feature) => `${layerId}:${feature.value}`) : [],
    });
  };
  return (
    <Modal open={open} title="Map" okText="Add to map" onOk={submit} onCancel={onCancel} destroyOnHidden>
      <Excerpt text={text} />
      <div className="rep-dialog__field">
        <label htmlFor={sitesId} className="rep-dialog__label">
          Sites
        </label>
        <SiteSearch id={sitesId} value={sites} multiple onChange={setSites} />
      </div>
      <div className="rep-dialog__field">
        <label htmlFor={layerIdField} className="rep-dialog__label">
          Layer (optional)
        </label>
        <Select
          id={layerIdField}
          allowClear
          value={layerId}
          loading={layers.isPending}
          placeholder="Choose a layer"
          showSearch={{ optionFilterProp: 'label' }}
          options={(layers.data ?? []).map((layer) => ({ value: layer.id, label: layer.title }))}
          onChange={(next: string | undefined) => {
            setLayerId(next ?? null);
            setFeatures([]);
          }}
          style={{ width: '100%' }}
        />
      </div>
      {layerId && (
        <div className="rep-dialog__field">
          <label htmlFor={featuresId} className="rep-dialog__label">
            Features of the layer (optional)
          </label>
          <Select<SiteOption[]>
            id={featuresId}
            mode="multiple"
            labelInValue
            showSearch={{ filterOption: false, onSearch: setTerm }}
            value={features}
            placeholder="Search the layer’s features"
            loading={found.isFetching}
            options={(found.data ?? []).map((feature) => ({
              value: feature.id,
              label: `${feature.value} (${feature.field})`,
            }))}
            notFoundContent={search.length === 0 ? 'Type to search' : 'No features found'}
            onChange={setFeatures}
            style={{ width: '100%' }}
          />
        </div>
      )}
      {problem && <Alert type="error" role="alert" title={problem} showIcon />}
    </Modal>
  );
}

type SiteDialogProps = {
  open: boolean;
  text: string;
  onCancel: () => void;
  onSelect: (siteId: string) => void;
};

/** Select placemaker site: the site the text is about, added to the representation's sites. */
export function SiteDialog({ open, text, onCancel, onSelect }: SiteDialogProps) {
  const [site, setSite] = useState<SiteOption[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const siteId = useId();
  return (
    <Modal
      open={open}
      title="Select placemaker site"
      okText="Select site"
      onOk={() => (site[0] ? onSelect(site[0].value) : setProblem('Choose a site'))}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Excerpt text={text} />
      <div className="rep-dialog__field">
        <label htmlFor={siteId} className="rep-dialog__label">
          Site
        </label>
        <SiteSearch id={siteId} value={site} multiple={false} onChange={setSite} />
      </div>
      {problem && <Alert type="error" role="alert" title={problem} showIcon />}
    </Modal>
  );
}
