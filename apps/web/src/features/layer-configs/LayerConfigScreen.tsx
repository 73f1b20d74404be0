import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Empty, Result, Space, Spin } from 'antd';
import { configMessages, layerConfigMessages, type LayerConfigType } from '@planning/shared';
import { ApiError } from '../../api/client';
import type { useLayerConfigEditor } from './useLayerConfigEditor';
import './layerConfigs.css';

type Editor = ReturnType<typeof useLayerConfigEditor<LayerConfigType>>;

/**
 * The frame of a layer config editor (spec 03 §2 config editor): loading, the config error state
 * (spec 03 §8), a note while the council has no document of its own yet (saving creates it), the
 * problems of the draft, and Save / Reset.
 */
export function LayerConfigScreen({
  type,
  title,
  intro,
  editor,
  children,
}: {
  type: LayerConfigType;
  title: string;
  intro: ReactNode;
  editor: Pick<
    Editor,
    'document' | 'layers' | 'changed' | 'problems' | 'failure' | 'saving' | 'handleSave' | 'handleReset'
  >;
  children: ReactNode;
}) {
  const { document, layers, changed, problems, failure, saving } = editor;
  if (document.isPending || layers.isPending)
    return (
      <div className="page page--centred" role="status" aria-label={`Loading ${title}`}>
        <Spin />
      </div>
    );
  if (document.isError) return <ConfigLoadError error={document.error} />;
  if (layers.isError)
    return (
      <div className="page">
        <h1 className="page__title">{title}</h1>
        <Alert type="error" showIcon title="Failed to fetch layer meta" />
      </div>
    );
  return (
    <div className="page layer-config">
      <h1 className="page__title">{title}</h1>
      <div className="layer-config__intro">{intro}</div>
      {!document.data.stored && (
        <Alert
          className="layer-config__note"
          type="info"
          showIcon
          title={configMessages.doesNotExist(type)}
          description={`${configMessages.createHint}: saving this screen creates it.`}
        />
      )}
      {problems.size > 0 && (
        <Alert
          className="layer-config__note"
          type="error"
          showIcon
          role="alert"
          title={configMessages.invalid}
          description="Correct the fields marked below, then save."
        />
      )}
      {failure && (
        <Alert
          className="layer-config__note"
          type="error"
          showIcon
          role="alert"
          title={layerConfigMessages.saveFailed}
          description={
            <>
              <p className="layer-config__failure">{failure.message}</p>
              {failure.issues.length > 0 && (
                <ul>
                  {[...new Set(failure.issues)].map((issue) => (
                    <li key={issue}>{issue}</li>
                  ))}
                </ul>
              )}
            </>
          }
        />
      )}
      {layers.data.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              No layers yet. <Link to="/admin/placemaker/geodata/upload">Upload geodata</Link>
            </>
          }
        />
      ) : (
        <>
          {children}
          <Space className="layer-config__actions">
            <Button
              type="primary"
              onClick={editor.handleSave}
              loading={saving}
              disabled={!changed && document.data.stored}
            >
              Save
            </Button>
            <Button onClick={editor.handleReset} disabled={!changed}>
              Reset
            </Button>
          </Space>
        </>
      )}
    </div>
  );
}

/** Spec 03 §8 config-error screen: 'Error: {message}', a hint, and Reload. */
function ConfigLoadError({ error }: { error: unknown }) {
  const message = error instanceof ApiError ? error.message : 'Failed to get config';
  return (
    <Result
      status="warning"
      title="Config error"
      subTitle={
        <>
          <span>Error: {message}</span>
          <br />
          <span>Please, try again or contact support</span>
        </>
      }
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    />
  );
}
