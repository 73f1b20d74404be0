import { useQuery } from '@tanstack/react-query';
import { Empty, Progress, Spin } from 'antd';
import { fetchSiteOverlaps, siteQueryKeys } from './api';

const NONE = 'This site meets none of the council’s constraint layers.';
const area = (m2: number) =>
  m2 >= 10_000
    ? `${(m2 / 10_000).toLocaleString('en-GB', { maximumFractionDigits: 2 })} ha`
    : `${Math.round(m2).toLocaleString('en-GB')} m²`;

/**
 * Issue 13 point 5: how much of the site each constraint layer covers (flood zones, green belt,
 * conservation areas ...), the most first. Spec 03 §8: a failure to fetch them shows an empty list.
 */
export function ConstraintsPanel({ siteId }: { siteId: string }) {
  const overlaps = useQuery({
    queryKey: siteQueryKeys.overlaps(siteId),
    queryFn: ({ signal }) => fetchSiteOverlaps(siteId, signal),
  });
  if (overlaps.isPending) return <Spin />;
  const layers = overlaps.data ?? [];
  if (layers.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NONE} />;
  return (
    <ul className="site-constraints" aria-label="Constraint layers over this site">
      {layers.map((layer) => (
        <li key={layer.layerId} className="site-constraints__item">
          <span className="site-constraints__name">{layer.layerTitle}</span>
          <Progress
            percent={layer.layerOverlapPercent}
            size="small"
            // Not antd's green 'success' at 100 %: its text is 2.3:1 on white, and full cover is no success.
            status="normal"
            format={(percent) => `${percent ?? 0} %`}
            aria-label={`${layer.layerTitle}: ${layer.layerOverlapPercent} % of the site`}
          />
          <span className="site-constraints__area">
            {layer.overlapAreaM2 > 0 ? area(layer.overlapAreaM2) : 'touches the site'}
          </span>
        </li>
      ))}
    </ul>
  );
}
