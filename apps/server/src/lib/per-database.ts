/**
 * One value per database handle, made on first use: the caches of counts, extents and tiles
 * belong to the app's database, not to the module. Two apps in one process (the browser
 * journeys, each over its own copy of the same seeded councils) hold rows under the same ids and
 * data versions, and a module-wide cache would serve one copy's tiles and totals to the other.
 */
export function perDatabase<T>(make: () => T): (database: object) => T {
  const values = new WeakMap<object, T>();
  return (database) => {
    let value = values.get(database);
    if (value === undefined) {
      value = make();
      values.set(database, value);
    }
    return value;
  };
}
