// Makes the offline base map's land layer: Natural Earth 1:10m countries (public domain, via the
// world-atlas package) around the British Isles, as GeoJSON the web app ships in public/basemap.
// Run by hand when the area changes: node scripts/build-basemap.mjs
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';

const require = createRequire(new URL('../apps/web/package.json', import.meta.url));
const atlas = async (scale) =>
  JSON.parse(await readFile(require.resolve(`world-atlas/countries-${scale}.json`), 'utf8'));
// The British Isles in full detail (1:10m); the continent, only ever seen as context at the edge
// of a district's map, at 1:50m: their 1:10m coasts (Norway's fjords above all) were half the file.
const detailed = new Set(['826', '372', '833', '831', '832']);
const [fine, coarse] = [await atlas('10m'), await atlas('50m')];
// Crown dependencies and the near continent, so the coast is drawn wherever an officer pans.
const keep = new Set(['826', '372', '833', '831', '832', '250', '056', '528', '442', '276', '208', '578']);
const [west, south, east, north] = [-14, 44, 16, 62];
const round = (n) => Math.round(n * 1e4) / 1e4;
const inBox = (ring) => ring.some(([x, y]) => x >= west && x <= east && y >= south && y <= north);

const countries = [
  ...feature(fine, fine.objects.countries).features.filter((f) => detailed.has(String(f.id))),
  ...feature(coarse, coarse.objects.countries).features.filter(
    (f) => keep.has(String(f.id)) && !detailed.has(String(f.id)),
  ),
];
const features = countries.map((country) => {
  const polygons =
    country.geometry.type === 'Polygon' ? [country.geometry.coordinates] : country.geometry.coordinates;
  return {
    type: 'Feature',
    properties: { name: country.properties.name },
    geometry: {
      type: 'MultiPolygon',
      coordinates: polygons
        .filter((polygon) => inBox(polygon[0]))
        .map((polygon) => polygon.map((ring) => ring.map(([x, y]) => [round(x), round(y)]))),
    },
  };
});
const out = new URL('../apps/web/public/basemap/land.json', import.meta.url);
await writeFile(out, JSON.stringify({ type: 'FeatureCollection', features }));
console.log(`wrote ${features.length} countries to ${out.pathname}`);
