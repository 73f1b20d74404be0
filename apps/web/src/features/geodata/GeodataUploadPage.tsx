import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Checkbox, Input, Select, Space, Spin, Table, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import {
  geodataCrsLabels,
  geodataCrsList,
  layerMachineNameSchema,
  type GeodataCrs,
  type GeodataLayerFinding,
} from '@planning/shared';
import { confirmUpload, fetchUpload, geodataQueryKeys, uploadGeodata } from './api';
import { errorText } from './errorText';
import { ImportReport } from './components/ImportReport';
import './geodata.css';

type Choice = {
  include: boolean;
  layerName: string;
  title: string;
  crs: GeodataCrs | null;
  /** The user confirmed importing a layer that lies outside Great Britain. */
  outsideGreatBritain: boolean;
};

const ACCEPT = '.zip,.gpkg,.geojson,.json,.kml,.kmz,.gml,.csv';

function initialChoice(layer: GeodataLayerFinding): Choice {
  return {
    include: true,
    layerName: layer.suggestedLayerName,
    title: layer.name,
    crs: layer.needsConfirmation ? layer.detectedCrs : null,
    outsideGreatBritain: false,
  };
}

/** /admin/placemaker/geodata/upload (spec 03 §4 geodata upload): drop a file, check its layers, import them. */
export function GeodataUploadPage() {
  const [params, setParams] = useSearchParams();
  const uploadId = params.get('upload');
  const client = useQueryClient();
  const [choices, setChoices] = useState<Record<string, Partial<Choice>>>({});

  const upload = useMutation({
    mutationFn: uploadGeodata,
    onSuccess: (answer) => {
      setChoices({});
      setParams({ upload: answer.uploadId });
    },
  });

  const found = useQuery({
    queryKey: geodataQueryKeys.upload(uploadId ?? ''),
    queryFn: ({ signal }) => fetchUpload(uploadId ?? '', signal),
    enabled: uploadId !== null,
    // Asked again while a job works on it; the bell shows the same progress.
    refetchInterval: (query) =>
      query.state.data?.status === 'reading' || query.state.data?.status === 'importing' ? 2000 : false,
  });
  const data = found.data;

  // What the user changed; every other value is the finding's suggestion.
  const choiceOf = (layer: GeodataLayerFinding): Choice => ({
    ...initialChoice(layer),
    ...choices[layer.name],
  });

  const confirm = useMutation({
    mutationFn: () => {
      const layers = (data?.layers ?? [])
        .filter((layer) => choiceOf(layer).include)
        .map((layer) => {
          const choice = choiceOf(layer);
          return {
            source: layer.name,
            layerName: choice.layerName,
            title: choice.title,
            ...(layer.needsConfirmation && choice.crs ? { crs: choice.crs } : {}),
            ...(layer.outsideGreatBritain && choice.outsideGreatBritain
              ? { outsideGreatBritain: true as const }
              : {}),
          };
        });
      return confirmUpload(uploadId ?? '', { layers });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: geodataQueryKeys.upload(uploadId ?? '') }),
  });

  const change = (name: string, patch: Partial<Choice>) =>
    setChoices((current) => ({ ...current, [name]: { ...current[name], ...patch } }));

  const problems = (data?.layers ?? []).flatMap((layer) => {
    const choice = choiceOf(layer);
    if (!choice.include) return [];
    const out: string[] = [];
    if (!layerMachineNameSchema.safeParse(choice.layerName).success) out.push(`${layer.name}: layer name`);
    if (!choice.title.trim()) out.push(`${layer.name}: title`);
    if (layer.needsConfirmation && !choice.crs) out.push(`${layer.name}: projection`);
    if (layer.outsideGreatBritain && !choice.outsideGreatBritain)
      out.push(`${layer.name}: confirm the import outside Great Britain`);
    return out;
  });
  const chosenCount = (data?.layers ?? []).filter((layer) => choiceOf(layer).include).length;

  return (
    <div className="page geodata-page">
      <h1 className="page__title">Upload geodata</h1>
      <p>
        A zip (shapefiles or MapInfo TAB tables at any depth, several layers), GeoPackage, GeoJSON, KML or
        KMZ, GML, a zipped FileGDB, or a CSV with easting and northing or longitude and latitude columns (a
        Brownfield Land Register's GeoX and GeoY too).
      </p>
      <Upload.Dragger
        accept={ACCEPT}
        multiple={false}
        showUploadList={false}
        disabled={upload.isPending}
        beforeUpload={(file) => {
          upload.mutate(file);
          return false;
        }}
        aria-label="Geodata file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">Click or drag a geodata file here</p>
      </Upload.Dragger>
      {upload.isPending && <Spin className="geodata-page__spin" tip="Uploading" />}
      {upload.isError && <Alert type="error" showIcon message={errorText(upload.error)} role="alert" />}

      {uploadId && found.isLoading && <Spin />}
      {found.isError && <Alert type="error" showIcon message={errorText(found.error)} role="alert" />}
      {data && (
        <section aria-labelledby="geodata-findings" className="geodata-page__findings">
          <Typography.Title level={2} id="geodata-findings">
            {data.fileName}
          </Typography.Title>
          {data.status === 'reading' && (
            <Alert
              type="info"
              showIcon
              message="Reading the file's layers: follow it in the notifications bell."
            />
          )}
          {data.status === 'importing' && (
            <Alert type="info" showIcon message="Importing: follow the progress in the notifications bell." />
          )}
          {data.status === 'imported' && (
            <Alert
              type="success"
              showIcon
              message="Imported"
              description={<Link to="/admin/placemaker/geodata/layers">See the layers</Link>}
            />
          )}
          {data.status === 'imported' && data.report && <ImportReport report={data.report} />}
          {data.status === 'failed' && (
            <Alert
              type="error"
              showIcon
              role="alert"
              message="The upload could not be imported"
              description={data.error}
            />
          )}
          {data.problems.length > 0 && (
            <Alert
              type="warning"
              showIcon
              message="Some files were not read"
              description={
                <ul>
                  {data.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              }
            />
          )}
          {data.layers.length > 0 && (
            <Table<GeodataLayerFinding>
              rowKey="name"
              size="small"
              pagination={false}
              dataSource={data.layers}
              columns={[
                {
                  title: 'Import',
                  key: 'include',
                  render: (_, layer) => (
                    <Checkbox
                      aria-label={`Import ${layer.name}`}
                      checked={choiceOf(layer).include}
                      disabled={data.status !== 'ready' && data.status !== 'failed'}
                      onChange={(event) => change(layer.name, { include: event.target.checked })}
                    />
                  ),
                },
                {
                  title: 'Layer in the file',
                  key: 'name',
                  render: (_, layer) => (
                    <>
                      <div>{layer.name}</div>
                      <Typography.Text type="secondary">{layer.file}</Typography.Text>
                      {layer.problems.map((problem) => (
                        <div key={problem} className="geodata-page__problem">
                          {problem}
                        </div>
                      ))}
                      {layer.outsideGreatBritain && (
                        <Checkbox
                          checked={choiceOf(layer).outsideGreatBritain}
                          disabled={data.status !== 'ready' && data.status !== 'failed'}
                          onChange={(event) =>
                            change(layer.name, { outsideGreatBritain: event.target.checked })
                          }
                        >
                          Import it as it is
                        </Checkbox>
                      )}
                    </>
                  ),
                },
                { title: 'Features', dataIndex: 'featureCount' },
                { title: 'Geometry', dataIndex: 'geometryType' },
                {
                  title: 'Fields',
                  key: 'fields',
                  render: (_, layer) => (
                    <span title={layer.fields.map((field) => `${field.name} (${field.type})`).join(', ')}>
                      {layer.fields.length}
                    </span>
                  ),
                },
                {
                  title: 'Projection',
                  key: 'crs',
                  render: (_, layer) =>
                    layer.needsConfirmation ? (
                      <Space direction="vertical" size={2}>
                        <span className="geodata-page__confirm">Confirm the projection</span>
                        <Select<GeodataCrs>
                          aria-label={`Projection of ${layer.name}`}
                          className="geodata-page__crs"
                          placeholder="Choose a projection"
                          value={choiceOf(layer).crs ?? undefined}
                          onChange={(crs) => change(layer.name, { crs })}
                          options={geodataCrsList.map((crs) => ({
                            value: crs,
                            label: `${geodataCrsLabels[crs]}${crs === layer.detectedCrs ? ' (detected)' : ''}`,
                          }))}
                        />
                      </Space>
                    ) : (
                      layer.declaredCrs
                    ),
                },
                {
                  title: 'Layer name',
                  key: 'layerName',
                  render: (_, layer) => (
                    <Input
                      aria-label={`Layer name for ${layer.name}`}
                      value={choiceOf(layer).layerName}
                      status={
                        choiceOf(layer).include &&
                        !layerMachineNameSchema.safeParse(choiceOf(layer).layerName).success
                          ? 'error'
                          : undefined
                      }
                      onChange={(event) => change(layer.name, { layerName: event.target.value })}
                    />
                  ),
                },
                {
                  title: 'Title',
                  key: 'title',
                  render: (_, layer) => (
                    <Input
                      aria-label={`Title for ${layer.name}`}
                      value={choiceOf(layer).title}
                      onChange={(event) => change(layer.name, { title: event.target.value })}
                    />
                  ),
                },
              ]}
            />
          )}
          {(data.status === 'ready' || (data.status === 'failed' && data.layers.length > 0)) && (
            <Space direction="vertical" className="geodata-page__actions">
              {problems.length > 0 && (
                <Typography.Text type="danger" role="status">
                  Still to fill in: {problems.join('; ')}
                </Typography.Text>
              )}
              <Button
                type="primary"
                loading={confirm.isPending}
                disabled={chosenCount === 0 || problems.length > 0}
                onClick={() => confirm.mutate()}
              >
                Import {chosenCount} {chosenCount === 1 ? 'layer' : 'layers'}
              </Button>
              {confirm.isError && (
                <Alert type="error" showIcon role="alert" message={errorText(confirm.error)} />
              )}
            </Space>
          )}
        </section>
      )}
    </div>
  );
}
