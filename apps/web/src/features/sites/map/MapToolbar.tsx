import type { ReactNode } from 'react';
import { Button, Dropdown, Tooltip } from 'antd';
import {
  CameraOutlined,
  ColumnWidthOutlined,
  CompassOutlined,
  EditOutlined,
  EnvironmentOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  GlobalOutlined,
  MinusOutlined,
  PlusOutlined,
  ScissorOutlined,
} from '@ant-design/icons';
import type { BaseLayer } from '../../../shared/sites/map/mapStyle';

type MapToolbarProps = {
  ready: boolean;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onResetNorth: () => void;
  pitch3d: boolean;
  onTogglePitch: () => void;
  fullscreen: boolean;
  onToggleFullscreen: () => void;
  onScreenshot: () => void;
  measuring: boolean;
  onToggleMeasure: () => void;
  /** Draw site with a polygon or a point; null for those who may not create sites. */
  drawSite: { polygon: boolean; point: boolean; onPolygon: () => void; onPoint: () => void } | null;
  /** The cut-polygon toggle: sites drawn by their cut boundaries. */
  cutSites: boolean;
  onToggleCutSites: () => void;
  baseLayer: BaseLayer;
  /** The base maps offered, in menu order: the offline ones, then the council's. */
  baseLayers: { key: BaseLayer; label: string }[];
  onBaseLayerChange: (layer: BaseLayer) => void;
  /** Only when the council has the imagery or the heights (spec 01 §2). */
  satellite: { on: boolean; toggle: () => void } | null;
  terrain: { on: boolean; toggle: () => void } | null;
};

/** Spec 01 §2 map tools. Every tool is a labelled button, so it can be used from the keyboard. */
export function MapToolbar(props: MapToolbarProps) {
  return (
    <div className="map-toolbar" role="toolbar" aria-label="Map tools" aria-orientation="vertical">
      <Tool label="Zoom in" icon={<PlusOutlined />} onClick={props.onZoomIn} disabled={!props.ready} />
      <Tool label="Zoom out" icon={<MinusOutlined />} onClick={props.onZoomOut} disabled={!props.ready} />
      <Tool
        label="Reset north"
        icon={<CompassOutlined />}
        onClick={props.onResetNorth}
        disabled={!props.ready}
      />
      <Tool
        label={props.pitch3d ? 'Show in 2D' : 'Show in 3D'}
        icon={<span className="map-toolbar__text">{props.pitch3d ? '2D' : '3D'}</span>}
        onClick={props.onTogglePitch}
        disabled={!props.ready}
      />
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [props.baseLayer],
          items: props.baseLayers.map(({ key, label }) => ({ key, label })),
          onClick: ({ key }) => props.onBaseLayerChange(key as BaseLayer),
        }}
      >
        <Button aria-label="Base map" icon={<GlobalOutlined aria-hidden />} disabled={!props.ready} />
      </Dropdown>
      {props.satellite && (
        <Tool
          label="Satellite"
          icon={<span className="map-toolbar__text">SAT</span>}
          onClick={props.satellite.toggle}
          pressed={props.satellite.on}
          disabled={!props.ready}
        />
      )}
      {props.terrain && (
        <Tool
          label="Terrain"
          icon={<span className="map-toolbar__text">⛰</span>}
          onClick={props.terrain.toggle}
          pressed={props.terrain.on}
          disabled={!props.ready}
        />
      )}
      <Tool
        label="Show cut sites"
        icon={<ScissorOutlined />}
        onClick={props.onToggleCutSites}
        pressed={props.cutSites}
        disabled={!props.ready}
      />
      <Tool
        label="Measure distance"
        icon={<ColumnWidthOutlined />}
        onClick={props.onToggleMeasure}
        pressed={props.measuring}
        disabled={!props.ready}
      />
      {props.drawSite && (
        <>
          <Tool
            label="Draw site polygon"
            icon={<EditOutlined />}
            onClick={props.drawSite.onPolygon}
            pressed={props.drawSite.polygon}
            disabled={!props.ready}
          />
          <Tool
            label="Draw site point"
            icon={<EnvironmentOutlined />}
            onClick={props.drawSite.onPoint}
            pressed={props.drawSite.point}
            disabled={!props.ready}
          />
        </>
      )}
      <Tool
        label={props.fullscreen ? 'Exit full screen' : 'Full screen'}
        icon={props.fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={props.onToggleFullscreen}
      />
      <Tool
        label="Screenshot"
        icon={<CameraOutlined />}
        onClick={props.onScreenshot}
        disabled={!props.ready}
      />
    </div>
  );
}

type ToolProps = {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  pressed?: boolean;
  disabled?: boolean;
};

function Tool({ label, icon, onClick, pressed, disabled }: ToolProps) {
  return (
    <Tooltip title={label} placement="left">
      <Button
        aria-label={label}
        aria-pressed={pressed}
        type={pressed ? 'primary' : 'default'}
        icon={<span aria-hidden>{icon}</span>}
        onClick={onClick}
        disabled={disabled}
      />
    </Tooltip>
  );
}
