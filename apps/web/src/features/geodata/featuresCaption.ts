/** What the layer page's feature table shows: never 'The first 10 of 6 features'. */
export function featuresCaption(rows: number, total: number): string {
  const count = total.toLocaleString('en-GB');
  if (total <= rows) return total === 1 ? 'The layer’s one feature' : `All ${count} features of the layer`;
  return `The first ${rows} of ${count} features`;
}
