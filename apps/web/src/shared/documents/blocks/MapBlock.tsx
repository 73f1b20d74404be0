import { useId, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  documentMapMessages,
  siteInfoText,
  type DocumentEntity,
  type DocumentSite,
  type Layer,
  type SiteInfoItem,
} from '@planning/shared';
import { fetchLayerTree, layerQueryKeys } from '../../layers/api';
import { mapBlockSitesQuery } from '../api';
import { useNearViewport } from '../hooks';
import { DocumentMap } from '../map/DocumentMap';

type MapEntity = Extract<DocumentEntity, { type: 'map' }>;

/** A site's name as the page shows it. */
export const siteLabel = (site: DocumentSite) =>
  [site.name || `Site ${site.id}`, site.helaa_reference ? `(${site.helaa_reference})` : null]
    .filter(Boolean)
    .join(' ');

/**
 * Spec 02 §2 Document map block: the map (loaded once it scrolls into view), a list to choose a
 * site without a pointer, the hint until one is chosen, and the site information accordion titled
 * caption + ' Site information' with the rows and tables of the block's site info config.
 */
export function MapBlock({
  documentId,
  share,
  block,
  headingLevel = 3,
}: {
  documentId: string;
  share: string | null;
  block: MapEntity;
  /** The accordion's heading level: one below the section the block is in. */
  headingLevel?: number;
}) {
  const Heading = `h${Math.min(6, Math.max(2, headingLevel))}` as 'h3';
  const [holder, near] = useNearViewport<HTMLDivElement>();
  const sites = useQuery({ ...mapBlockSitesQuery(documentId, block.id, share), enabled: near });
  // The public layer set (spec 03 §6) works signed out; the block's own layers, or all of them.
  const tree = useQuery({
    queryKey: layerQueryKeys.tree('public'),
    queryFn: ({ signal }) => fetchLayerTree('public', signal),
    enabled: near,
  });
  const layers: Layer[] = useMemo(() => {
    const all = (tree.data?.groups ?? []).flatMap((group) => group.layers);
    return block.layerIds.length > 0 ? all.filter((layer) => block.layerIds.includes(layer.id)) : all;
  }, [tree.data, block.layerIds]);
  const [selected, setSelected] = useState<string | null>(null);
  const [open, setOpen] = useState(true);
  const accordion = useRef<HTMLDivElement>(null);
  const selectId = useId();
  const panelId = useId();
  const list = sites.data?.sites ?? [];
  const site = list.find((candidate) => candidate.id === selected) ?? null;
  const caption = block.caption?.trim() || 'Map';

  const showInformation = (siteId: string) => {
    setSelected(siteId);
    setOpen(true);
    accordion.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
    accordion.current?.querySelector('button')?.focus();
  };

  return (
    <div ref={holder} className="document-map-block" data-block={block.id}>
      {block.caption && <p className="document-map-block__caption">{block.caption}</p>}
      <DocumentMap
        sites={list}
        selectedSiteId={selected}
        onSelectSite={setSelected}
        layers={layers}
        label={`Map: ${caption}`}
        {...(block.siteDetailsDropdown ? { onShowSiteInformation: showInformation } : {})}
      />
      {list.length > 0 && (
        <div className="document-map-block__choose">
          <label htmlFor={selectId}>Choose a site</label>
          <select
            id={selectId}
            value={selected ?? ''}
            onChange={(event) => setSelected(event.target.value || null)}
          >
            <option value="">No site chosen</option>
            {list.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {siteLabel(candidate)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div ref={accordion} className="document-site-info">
        <Heading className="document-site-info__heading">
          <button
            type="button"
            className="document-site-info__toggle"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen(!open)}
          >
            {documentMapMessages.siteInformation(caption)}
          </button>
        </Heading>
        <div id={panelId} className="document-site-info__panel" hidden={!open}>
          {!near || sites.isPending ? (
            <p role="status">{documentMapMessages.loadingSiteDetails}</p>
          ) : sites.isError ? (
            <p role="alert">{documentMapMessages.siteDetailsFailed}</p>
          ) : site ? (
            <SiteInformation site={site} items={block.siteInfo} />
          ) : (
            <p className="document-site-info__hint" role="status">
              {documentMapMessages.selectSite}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** The chosen site's information: a row per field, a table per table item ('-' when empty). */
export function SiteInformation({ site, items }: { site: DocumentSite; items: readonly SiteInfoItem[] }) {
  const rows = items.length > 0 ? items : defaultItems;
  return (
    <div className="document-site-info__body" aria-live="polite">
      <p className="document-site-info__site">{siteLabel(site)}</p>
      <dl className="document-site-info__rows">
        {rows
          .filter((item) => item.type === 'field')
          .map((item) => (
            <div key={item.title + item.columnName} className="document-site-info__row">
              <dt>{item.title}</dt>
              <dd>{siteInfoText(valueOf(site, item.columnName))}</dd>
            </div>
          ))}
      </dl>
      {rows
        .filter((item) => item.type === 'table')
        .map((item) => (
          <div key={item.title} className="document-table" role="region" aria-label={item.title} tabIndex={0}>
            <table className="document-table__table">
              <caption>{item.title}</caption>
              <thead>
                <tr>
                  {item.columns.map((column) => (
                    <th key={column.columnName} scope="col">
                      {column.title}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr>
                  {item.columns.map((column) => (
                    <td key={column.columnName}>{siteInfoText(valueOf(site, column.columnName))}</td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
        ))}
      {site.site_tags.length > 0 && (
        <p className="document-site-info__tags">
          Tags: {site.site_tags.map((tag) => tag.tag_name).join(', ')}
        </p>
      )}
    </div>
  );
}

/** Without a site info config: the site's name and reference (spec 02 §3 Site in documents). */
const defaultItems: SiteInfoItem[] = [
  { type: 'field', title: 'Site name', columnName: 'site_name' },
  { type: 'field', title: 'HELAA reference', columnName: 'helaa_reference' },
];

function valueOf(site: DocumentSite, column: string): unknown {
  if (Object.hasOwn(site.info, column)) return site.info[column];
  if (column === 'site_name') return site.name;
  if (column === 'helaa_reference') return site.helaa_reference;
  if (column === 'id') return site.id;
  return null;
}
