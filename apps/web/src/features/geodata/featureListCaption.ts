/**
 * What the layer view's feature table says it shows: all of a small layer's features, or the
 * first `rows` of a larger one ('The first 10 of 6 features' read as nonsense).
 */
export function featureListCaption(rows: number, total: number): string {
  const count = total.toLocaleString('en-GB');
  if (total === 0) return 'This layer has no features';
  if (total === 1) return 'The layer’s only feature';
  if (total <= rows) return `All ${count} features`;
  return `The first ${rows} of ${count} features`;
}
