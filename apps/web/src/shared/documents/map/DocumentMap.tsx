import { lazy, Suspense } from 'react';
import type { DocumentSite, Layer } from '@planning/shared';
import { useNearViewport } from '../hooks';
import './documentMap.css';

export type DocumentMapProps = {
  /** The sites to draw (GET /public/documents/{id}/map/{blockId}/sites). */
  sites: readonly DocumentSite[];
  selectedSiteId: string | null;
  /** A site chosen on the map (a click, or the popup's previous and next). */
  onSelectSite: (siteId: string) => void;
  /** The public layers the key offers (the block's, from the public layer set). */
  layers: readonly Layer[];
  /** The map's accessible name; the block's caption when it has one. */
  label?: string;
  /** Spec 02 §2: the popup's 'Site Information' link, when the block has the site details dropdown. */
  onShowSiteInformation?: (siteId: string) => void;
};

// MapLibre (about 290 kB compressed) is fetched only once a map comes near the viewport.
const DocumentMapCanvas = lazy(() => import('./DocumentMapCanvas'));

/**
 * Spec 02 §2 Document map block: the map loads lazily once it scrolls into view. Until then (and
 * while MapLibre arrives) a placeholder of the map's size keeps the page from jumping.
 */
export function DocumentMap(props: DocumentMapProps) {
  const [holder, inView] = useNearViewport<HTMLDivElement>();
  const placeholder = (
    <div className="document-map__placeholder" aria-hidden>
      Loading map…
    </div>
  );
  return (
    <div ref={holder} className="document-map" data-map-state={inView ? 'loading' : 'waiting'}>
      {inView ? <Suspense fallback={placeholder}>{<DocumentMapCanvas {...props} />}</Suspense> : placeholder}
    </div>
  );
}
