import { useEffect, useRef, useState } from 'react';
import * as maplibregl from 'maplibre-gl';
import '../../components/map/maplibreWorker';
import 'maplibre-gl/dist/maplibre-gl.css';
import { Alert } from 'antd';
import type { BaseMapChoice } from '@planning/shared';
import { apiTransformRequest, councilBaseMapLayers } from '../../components/map/councilBaseMapLayers';
import { registerPmtilesProtocol } from '../../components/map/pmtilesProtocol';

// The map library's worker, bundled with the app (the site maps set the same).
registerPmtilesProtocol();

const PREFIX = 'preview:';
const PREVIEW_ZOOM = 10;

/** Whether bounds cover (nearly) the whole world: then the council's place is the better view. */
const isWorld = ([west, south, east, north]: [number, number, number, number]) =>
  east - west > 300 && north - south > 150;

type Props = {
  choice: BaseMapChoice;
  /** The council's place (longitude, latitude), where a world-wide map is shown. */
  centre: [number, number];
};

/**
 * A small map showing one base map as the site maps would draw it: an archive or XYZ service by
 * the same layers as the Base map menu, a style document as it is.
 */
export function BaseMapPreview({ choice, centre }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    const origin = window.location.origin;
    let style: maplibregl.StyleSpecification | string;
    let view: Partial<maplibregl.MapOptions> = { center: centre, zoom: PREVIEW_ZOOM };
    if (choice.kind === 'style') style = choice.url;
    else {
      const { source, specification, layers } = councilBaseMapLayers(choice, origin, PREFIX);
      style = {
        version: 8,
        sources: { [source]: specification },
        layers: [
          { id: 'background', type: 'background', paint: { 'background-color': '#f4f1ea' } },
          ...layers,
        ],
      };
      const maxZoom = choice.maxZoom;
      if (choice.kind === 'pmtiles' && !isWorld(choice.bounds))
        view = { bounds: choice.bounds, fitBoundsOptions: { padding: 10, maxZoom } };
      // Vector tiles are drawn past their highest zoom, as on the site maps; raster tiles blur.
      else
        view = {
          center: centre,
          zoom:
            choice.kind === 'pmtiles' && choice.tileType === 'mvt'
              ? PREVIEW_ZOOM
              : Math.min(PREVIEW_ZOOM, maxZoom),
        };
    }
    const map = new maplibregl.Map({
      container: container.current,
      style,
      ...view,
      attributionControl: { compact: true },
      transformRequest: apiTransformRequest(origin),
    });
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.on('error', () => setFailed(true));
    const observer = new ResizeObserver(() => map.resize());
    observer.observe(container.current);
    return () => {
      observer.disconnect();
      map.remove();
    };
  }, [choice, centre]);

  return (
    <div className="basemaps-admin__preview">
      <div
        ref={container}
        className="basemaps-admin__preview-map"
        role="img"
        aria-label={`Preview of ${choice.name}`}
      />
      {failed && (
        <Alert
          type="warning"
          showIcon
          message="Part of this base map could not be drawn"
          description={
            choice.kind === 'style'
              ? 'The style document or its tiles did not load in this browser.'
              : 'Some of its tiles did not load: see the browser’s network log.'
          }
        />
      )}
    </div>
  );
}
