/**
 * Before and after of the fields a change touched, for an audit row's details: only those whose
 * value moved (compared as JSON), so the log says what changed and nothing else.
 */
export function changedFields(
  before: object,
  after: object,
  keys: readonly string[],
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const moved = keys.filter((key) => JSON.stringify(was[key] ?? null) !== JSON.stringify(now[key] ?? null));
  return {
    before: Object.fromEntries(moved.map((key) => [key, was[key] ?? null])),
    after: Object.fromEntries(moved.map((key) => [key, now[key] ?? null])),
  };
}
