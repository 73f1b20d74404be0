import { Alert } from 'antd';
import type { GeodataImportReport } from '@planning/shared';

/** What the import did to each layer: counts, the features it repaired or dropped, and warnings (issue 25). */
export function ImportReport({ report }: { report: GeodataImportReport }) {
  return (
    <section aria-label="Import report" className="geodata-page__report">
      {report.layers.map((layer) => {
        const warnings = layer.warnings ?? [];
        const repairs = layer.repairs ?? [];
        return (
          <Alert
            key={layer.layerId}
            type={warnings.length > 0 || layer.dropped > 0 ? 'warning' : 'info'}
            showIcon
            message={`${layer.layerName}: ${layer.imported} imported, ${layer.repaired} repaired, ${layer.dropped} dropped`}
            description={
              warnings.length + repairs.length + layer.problems.length > 0 ? (
                <ul>
                  {[...warnings, ...repairs, ...layer.problems].map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        );
      })}
    </section>
  );
}
