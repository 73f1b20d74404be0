import { lazy, Suspense, type JSX } from 'react';
import { useNearViewport } from '../../shared/documents/hooks';

export type Outline = {
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown[] };
  /** The outline's colour (its status's). */
  colour: string;
  name: string;
};

export type OutlineMapProps = {
  outlines: Outline[];
  /** The accessible name of the map, e.g. 'Map of the submitted sites'. */
  label: string;
  height?: number;
};

// MapLibre comes in a chunk of its own, fetched once the map comes near the viewport.
const OutlineMapCanvas = lazy(() => import('./OutlineMapCanvas'));

/** Outlines of submitted land over the product's offline base map. */
export function OutlineMap(props: OutlineMapProps): JSX.Element {
  const [holder, near] = useNearViewport<HTMLDivElement>();
  const height = props.height ?? 360;
  const placeholder = (
    <div className="cfs-review-map__placeholder" style={{ height }} aria-hidden>
      Loading map…
    </div>
  );
  return (
    <div ref={holder} className="cfs-review-map" data-map-state={near ? 'loading' : 'waiting'}>
      {near ? (
        <Suspense fallback={placeholder}>
          <OutlineMapCanvas {...props} height={height} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
