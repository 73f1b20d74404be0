import { lazy, Suspense, useId, type JSX } from 'react';
import { useNearViewport } from '../../../shared/documents/hooks';
import { boundaryMessages, boundarySummary, type BoundaryShape } from './boundaryRules';
import './boundaryMap.css';

export type { BoundaryShape };
/** The boundary's area in hectares (the form keeps it beside the boundary), or null. */
export { hectaresOf } from './boundaryRules';

export type BoundaryMapProps = {
  value: BoundaryShape | null;
  onChange: (next: BoundaryShape | null) => void;
  /** Public web map layer ids the call shows (may be empty). */
  layerIds?: string[];
  /** The accessible name of the map region, e.g. 'Boundary of site 1'. */
  label: string;
};

// MapLibre and terra-draw (about 330 kB compressed) come in a chunk of their own, fetched once the
// map comes near the viewport: a submission form without it on screen never loads them.
const BoundaryMapCanvas = lazy(() => import('./BoundaryMapCanvas'));

/**
 * Issue 27: the boundary of a site submitted to a call for sites, drawn on a map of the council's
 * area with the call's public layers. Below the map, the boundary in words ('Boundary: 1 area,
 * 2.35 ha'), announced as it changes; the form offers typed grid references and a file upload as the ways without a pointer.
 */
export function BoundaryMap(props: BoundaryMapProps): JSX.Element {
  const [holder, near] = useNearViewport<HTMLDivElement>();
  const uploadHintId = useId();
  const footer = (
    <>
      <p className="boundary-map__summary" aria-live="polite">
        {boundarySummary(props.value)}
      </p>
      <p id={uploadHintId} className="visually-hidden">
        {boundaryMessages.uploadHint}
      </p>
    </>
  );
  const placeholder = (
    <>
      <div className="boundary-map__placeholder" aria-hidden>
        Loading map…
      </div>
      {footer}
    </>
  );
  return (
    <div ref={holder} className="boundary-map" data-map-state={near ? 'loading' : 'waiting'}>
      {near ? (
        <Suspense fallback={placeholder}>
          <BoundaryMapCanvas {...props} describedBy={uploadHintId} footer={footer} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

export default BoundaryMap;
