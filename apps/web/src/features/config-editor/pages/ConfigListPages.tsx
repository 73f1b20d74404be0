import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { Button, Empty, Result, Select, Spin, Switch } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { configMessages, configTypeNames, configTypes, type ConfigType } from '@planning/shared';
import { configQueryKeys, fetchConfigDocuments } from '../api';
import { ConfigDocumentTable } from '../components/ConfigDocumentTable';
import { CreateConfigDialog } from '../components/CreateConfigDialog';
import { ConfigFrame } from '../components/ConfigFrame';
import { ConfigUse } from '../components/ConfigUse';
import { GenericErrorScreen } from '../components/ErrorScreens';
import { TemplateList } from '../components/TemplateList';
import '../configEditor.css';

/** The page's own address, without a trailing slash: the editor of a document is beneath it. */
function useBasePath() {
  return useLocation().pathname.replace(/\/+$/, '');
}

/** Deleted ones too: the screens show them on a switch, and say when there are any. */
function useConfigDocuments() {
  return useQuery({
    queryKey: configQueryKeys.list,
    queryFn: ({ signal }) => fetchConfigDocuments(signal),
  });
}

/** The "Show deleted" switch, labelled for screen readers. */
function DeletedToggle({ value, onChange }: { value: boolean; onChange: (value: boolean) => void }) {
  return (
    <label className="config-list__toggle">
      <Switch checked={value} onChange={onChange} size="small" />
      <span>Show deleted</span>
    </label>
  );
}

/**
 * /admin/{app}/configs (issue 16 point 2): every config of the council by type: the twelve
 * types with how many documents each has, the documents of the chosen type (or all), deleted
 * ones on a switch with Restore, and Create.
 */
export function ConfigsPage() {
  const basePath = useBasePath();
  const [includeDeleted, setIncludeDeleted] = useState(false);
  const [type, setType] = useState<ConfigType | 'all'>('all');
  const [creating, setCreating] = useState(false);
  const documents = useConfigDocuments();

  const counts = useMemo(() => {
    const found = new Map<ConfigType, number>();
    for (const document of documents.data ?? [])
      if (!document.deletedAt) found.set(document.type, (found.get(document.type) ?? 0) + 1);
    return found;
  }, [documents.data]);
  const countOf = (name: ConfigType | 'all') =>
    name === 'all' ? [...counts.values()].reduce((sum, count) => sum + count, 0) : (counts.get(name) ?? 0);
  const shown = (documents.data ?? []).filter(
    (document) => (type === 'all' || document.type === type) && (includeDeleted || !document.deletedAt),
  );

  if (documents.isError)
    return <GenericErrorScreen error={documents.error} onRetry={() => void documents.refetch()} />;

  const typeList = (
    <div role="group" aria-label="Config types" className="config-list__types">
      <ul>
        {(['all', ...configTypeNames] as const).map((name) => (
          <li key={name}>
            <button
              type="button"
              className={`config-list__type${type === name ? ' config-list__type--current' : ''}`}
              aria-pressed={type === name}
              onClick={() => setType(name)}
            >
              <span>{name === 'all' ? 'All types' : configTypes[name]}</span>
              <span className="config-list__count">
                {countOf(name)}
                <span className="visually-hidden"> configs</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );

  return (
    <ConfigFrame
      title="Configs"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          Create config
        </Button>
      }
    >
      <div className="config-list">
        <p className="config-list__intro">
          The documents that shape the council&apos;s screens: maps, questionnaires, the site search filters,
          cards and features. The current one of each type is what the screens use.
        </p>
        <div className="config-list__body">
          <div className="config-list__side">
            {typeList}
            <div className="config-list__type-select">
              <Select
                aria-label="Config type"
                value={type}
                onChange={setType}
                options={[
                  { value: 'all', label: 'All types' },
                  ...configTypeNames.map((name) => ({
                    value: name,
                    label: `${configTypes[name]} (${counts.get(name) ?? 0})`,
                  })),
                ]}
              />
            </div>
          </div>
          <section className="config-list__main" aria-labelledby="config-list-heading">
            <div className="config-list__bar">
              <h2 id="config-list-heading" className="config-list__heading">
                {type === 'all' ? 'All types' : configTypes[type]}
              </h2>
              <DeletedToggle value={includeDeleted} onChange={setIncludeDeleted} />
            </div>
            {type !== 'all' && <ConfigUse type={type} label={configTypes[type]} />}
            {documents.isPending ? (
              <div className="page--centred" role="status" aria-label="Loading configs">
                <Spin />
              </div>
            ) : shown.length === 0 ? (
              <Empty description={type === 'all' ? 'No configs yet' : configMessages.doesNotExist(type)}>
                <Button onClick={() => setCreating(true)}>Create config</Button>
              </Empty>
            ) : (
              <ConfigDocumentTable
                documents={shown}
                editorPath={basePath}
                showType={type === 'all'}
                caption={type === 'all' ? 'Configs' : `${configTypes[type]} configs`}
              />
            )}
            <TemplateList />
          </section>
        </div>
        <CreateConfigDialog
          open={creating}
          type={type === 'all' ? undefined : type}
          editorPath={basePath}
          onClose={() => setCreating(false)}
        />
      </div>
    </ConfigFrame>
  );
}

/**
 * An admin tab of one config type (/admin/consultations/suggestion-map, /admin/cfs/questions,
 * …): that type's documents, or, with none, the config error state of spec 03 §2/§8 with Create.
 */
export function ConfigTypePage({ type }: { type: string; app: 'placemaker' | 'consultations' | 'cfs' }) {
  const basePath = useBasePath();
  const [includeDeleted, setIncludeDeleted] = useState(false);
  const [creating, setCreating] = useState(false);
  const documents = useConfigDocuments();
  const known = (configTypeNames as string[]).includes(type) ? (type as ConfigType) : null;

  if (!known)
    return (
      <GenericErrorScreen
        error={new Error(configMessages.unknownError)}
        onRetry={() => window.location.reload()}
      />
    );
  if (documents.isError)
    return <GenericErrorScreen error={documents.error} onRetry={() => void documents.refetch()} />;
  if (documents.isPending)
    return (
      <div className="page page--centred" role="status" aria-label={`Loading ${configTypes[known]} configs`}>
        <Spin />
      </div>
    );

  const ofType = documents.data.filter((document) => document.type === known);
  const live = ofType.filter((document) => !document.deletedAt);
  const dialog = (
    <CreateConfigDialog
      open={creating}
      type={known}
      editorPath={basePath}
      onClose={() => setCreating(false)}
    />
  );

  if (live.length === 0 && !includeDeleted)
    return (
      <ConfigFrame title={configTypes[known]}>
        <ConfigUse type={known} label={configTypes[known]} />
        <Result
          status="info"
          title={<h2 className="config-error__title">{configMessages.doesNotExist(known)}</h2>}
          subTitle={configMessages.createHint}
          extra={
            <div className="config-list__empty-actions">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                Create config
              </Button>
              {ofType.length > 0 && (
                <Button onClick={() => setIncludeDeleted(true)}>
                  Show {ofType.length === 1 ? 'the deleted config' : `the ${ofType.length} deleted configs`}
                </Button>
              )}
            </div>
          }
        />
        {dialog}
      </ConfigFrame>
    );

  return (
    <ConfigFrame
      title={configTypes[known]}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          Create config
        </Button>
      }
    >
      <ConfigUse type={known} label={configTypes[known]} />
      <div className="config-list__bar">
        <h2 className="config-list__heading">{live.length === 1 ? '1 config' : `${live.length} configs`}</h2>
        <DeletedToggle value={includeDeleted} onChange={setIncludeDeleted} />
      </div>
      <ConfigDocumentTable
        documents={includeDeleted ? ofType : live}
        editorPath={basePath}
        showType={false}
        caption={`${configTypes[known]} configs`}
      />
      {dialog}
    </ConfigFrame>
  );
}
