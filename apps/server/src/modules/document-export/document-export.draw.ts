import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { DEFAULT_CHART_COLOUR, type ChartConfig } from '@planning/shared';

/**
 * Maps and charts for the exported files, drawn as SVG and rasterised by resvg (a prebuilt binary
 * from npm: no browser, no system library). Text uses the DejaVu Sans shipped beside this file, so
 * a machine without fonts draws the same labels.
 */
export const FONT_FILES = [
  fileURLToPath(new URL('./fonts/DejaVuSans.ttf', import.meta.url)),
  fileURLToPath(new URL('./fonts/DejaVuSans-Bold.ttf', import.meta.url)),
];
const FONT = 'DejaVu Sans';

/** The colour a map block draws its sites in (outline solid, fill at SITE_FILL_OPACITY). */
export const SITE_COLOUR = '#d4351c';
export const SITE_FILL_OPACITY = 0.5;
/** The council's district, under everything else. */
export const DISTRICT_FILL = '#f3f2f1';
const BOUNDARY_STROKE = '#505a5f';
const LAYER_COLOURS = ['#00703c', '#1d70b8', '#f47738', '#4c2c92', '#b58840', '#28a197'];

export type Png = { data: Buffer; width: number; height: number };

export function rasterise(svg: string, width: number): Png {
  const rendered = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    background: '#ffffff',
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: FONT },
  }).render();
  return { data: rendered.asPng(), width: rendered.width, height: rendered.height };
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Position = number[];
export type Geometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'MultiPoint' | 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString' | 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] }
  | { type: 'GeometryCollection'; geometries: Geometry[] };

/** Easting, northing box in metres (British National Grid). */
export type Extent = { minX: number; minY: number; maxX: number; maxY: number };

export type MapScene = {
  extent: Extent;
  district: Geometry[];
  boundaries: Geometry[];
  layers: { title: string; colour: string | null; geometries: Geometry[] }[];
  sites: { name: string; geometry: Geometry; label: Position | null }[];
  attribution: string;
};

export const MAP_SIZE = { width: 1200, height: 800 } as const;

/**
 * The extent to draw: the sites' box with a margin, widened to the image's shape. Drawn in
 * British National Grid, where a metre is a metre both ways: north is up and the scale bar holds
 * across the map (a district is too small for the grid's distortion to show).
 */
export function fitExtent(box: Extent, aspect = MAP_SIZE.width / MAP_SIZE.height): Extent {
  const width = Math.max(box.maxX - box.minX, 200);
  const height = Math.max(box.maxY - box.minY, 200);
  let w = width * 1.2;
  let h = height * 1.2;
  if (w / h > aspect) h = w / aspect;
  else w = h * aspect;
  const cx = (box.minX + box.maxX) / 2;
  const cy = (box.minY + box.maxY) / 2;
  return { minX: cx - w / 2, minY: cy - h / 2, maxX: cx + w / 2, maxY: cy + h / 2 };
}

/** SVG path data of a geometry in the image's pixels. */
function pathOf(geometry: Geometry, project: (p: Position) => [number, number]): string {
  const ring = (points: Position[], close: boolean) =>
    points
      .map((point, i) => {
        const [x, y] = project(point);
        return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`;
      })
      .join('') + (close ? 'Z' : '');
  switch (geometry.type) {
    case 'Point':
    case 'MultiPoint': {
      const points = geometry.type === 'Point' ? [geometry.coordinates] : geometry.coordinates;
      return points
        .map((point) => {
          const [x, y] = project(point);
          return `M${(x - 4).toFixed(1)} ${y.toFixed(1)}a4 4 0 1 0 8 0a4 4 0 1 0 -8 0`;
        })
        .join('');
    }
    case 'LineString':
      return ring(geometry.coordinates, false);
    case 'MultiLineString':
      return geometry.coordinates.map((line) => ring(line, false)).join('');
    case 'Polygon':
      return geometry.coordinates.map((line) => ring(line, true)).join('');
    case 'MultiPolygon':
      return geometry.coordinates.flatMap((polygon) => polygon.map((line) => ring(line, true))).join('');
    case 'GeometryCollection':
      return geometry.geometries.map((part) => pathOf(part, project)).join('');
  }
}

/** 1, 2 or 5 times a power of ten, about a fifth of the map's width. */
function scaleBarMetres(widthMetres: number): number {
  const target = widthMetres / 5;
  const power = 10 ** Math.floor(Math.log10(target));
  return [5, 2, 1].map((step) => step * power).find((length) => length <= target) ?? power;
}

export const metresLabel = (metres: number) =>
  metres >= 1000 ? `${(metres / 1000).toLocaleString('en-GB')} km` : `${metres} m`;

export function mapSvg(scene: MapScene): string {
  const { width, height } = MAP_SIZE;
  const { extent } = scene;
  const scale = width / (extent.maxX - extent.minX);
  const project = (p: Position): [number, number] => [
    (p[0]! - extent.minX) * scale,
    (extent.maxY - p[1]!) * scale,
  ];
  const parts: string[] = [`<rect width="${width}" height="${height}" fill="#ffffff"/>`];
  for (const geometry of scene.district)
    parts.push(
      `<path d="${pathOf(geometry, project)}" fill="${DISTRICT_FILL}" fill-rule="evenodd" stroke="${BOUNDARY_STROKE}" stroke-width="2"/>`,
    );
  for (const geometry of scene.boundaries)
    parts.push(
      `<path d="${pathOf(geometry, project)}" fill="none" stroke="${BOUNDARY_STROKE}" stroke-width="1" stroke-dasharray="6 4" opacity="0.6"/>`,
    );
  scene.layers.forEach((layer, i) => {
    const colour = layer.colour ?? LAYER_COLOURS[i % LAYER_COLOURS.length]!;
    for (const geometry of layer.geometries)
      parts.push(
        `<path d="${pathOf(geometry, project)}" fill="${colour}" fill-opacity="0.25" fill-rule="evenodd" stroke="${colour}" stroke-width="1.5"/>`,
      );
  });
  for (const site of scene.sites)
    parts.push(
      `<path d="${pathOf(site.geometry, project)}" fill="${SITE_COLOUR}" fill-opacity="${SITE_FILL_OPACITY}" fill-rule="evenodd" stroke="${SITE_COLOUR}" stroke-width="2.5"/>`,
    );
  // Names only while they can be read: none for a crowd, and none over a name already placed.
  const placed: { x0: number; x1: number; y0: number; y1: number }[] = [];
  if (scene.sites.length <= 30)
    for (const site of scene.sites) {
      if (!site.label || !site.name) continue;
      const [labelX, y] = project(site.label);
      // DejaVu Sans at 16 px averages about 9 px a character; a name stays inside the picture.
      const half = (site.name.length * 9) / 2 + 4;
      const x = Math.min(Math.max(labelX, half), width - half);
      const box = { x0: x - half, x1: x + half, y0: y - 34, y1: y - 8 };
      if (
        placed.some(
          (other) => box.x0 < other.x1 && other.x0 < box.x1 && box.y0 < other.y1 && other.y0 < box.y1,
        )
      )
        continue;
      placed.push(box);
      parts.push(
        `<text x="${x.toFixed(1)}" y="${(y - 14).toFixed(1)}" font-size="16" text-anchor="middle" fill="#0b0c0c" stroke="#ffffff" stroke-width="4" paint-order="stroke">${escape(site.name)}</text>`,
      );
    }

  // Scale bar (metric, as the page's map), bottom left.
  const metres = scaleBarMetres(extent.maxX - extent.minX);
  const bar = metres * scale;
  parts.push(
    `<g transform="translate(24 ${height - 48})"><rect x="-8" y="-26" width="${(bar + 16).toFixed(1)}" height="44" fill="#ffffff" opacity="0.85"/>` +
      `<rect x="0" y="0" width="${(bar / 2).toFixed(1)}" height="8" fill="#0b0c0c"/>` +
      `<rect x="${(bar / 2).toFixed(1)}" y="0" width="${(bar / 2).toFixed(1)}" height="8" fill="#ffffff" stroke="#0b0c0c"/>` +
      `<text x="0" y="-8" font-size="16" fill="#0b0c0c">0</text>` +
      `<text x="${bar.toFixed(1)}" y="-8" font-size="16" text-anchor="end" fill="#0b0c0c">${metresLabel(metres)}</text></g>`,
  );
  // North arrow, top right: grid north is up.
  parts.push(
    `<g transform="translate(${width - 48} 24)"><circle cx="0" cy="34" r="28" fill="#ffffff" opacity="0.85"/>` +
      `<path d="M0 8 L14 48 L0 38 L-14 48 Z" fill="#0b0c0c"/><text x="0" y="66" font-size="16" font-weight="bold" text-anchor="middle" fill="#0b0c0c">N</text></g>`,
  );
  parts.push(
    `<rect x="${width - 8 - scene.attribution.length * 8}" y="${height - 26}" width="${scene.attribution.length * 8 + 8}" height="26" fill="#ffffff" opacity="0.85"/>` +
      `<text x="${width - 8}" y="${height - 8}" font-size="13" text-anchor="end" fill="#505a5f">${escape(scene.attribution)}</text>`,
  );
  parts.push(`<rect width="${width}" height="${height}" fill="none" stroke="#b1b4b6" stroke-width="2"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

export const CHART_SIZE = { width: 1200, height: 700 } as const;

/** A round number at or above `value` (1, 2, 2.5 or 5 times a power of ten), for the axis's top. */
export function niceCeil(value: number): number {
  if (value <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 2.5, 5, 10].find((factor) => factor * power >= value - 1e-9) ?? 10) * power;
}
/** The page's own series colours (the default first), so a chart reads the same in the file. */
const SERIES_PALETTE = [DEFAULT_CHART_COLOUR, '#5AD8A6', '#5D7092', '#F6BD16', '#E8684A', '#6DC8EC'];

/** Spec 02 §3 charts (pie, column, line) as SVG, with their values written on them. */
export function chartSvg(chart: ChartConfig): string {
  const { width, height } = CHART_SIZE;
  const rows = chart.chartData;
  const total = rows.reduce((sum, row) => sum + Math.max(0, row.value), 0);
  const parts: string[] = [`<rect width="${width}" height="${height}" fill="#ffffff"/>`];
  parts.push(
    `<text x="${width / 2}" y="40" font-size="28" font-weight="bold" text-anchor="middle" fill="#0b0c0c">${escape(chart.chartName)}</text>`,
  );
  const value = (row: { value: number }) =>
    chart.isPercentageable && total > 0
      ? `${Math.round((row.value / total) * 1000) / 10}%`
      : row.value.toLocaleString('en-GB');
  if (rows.length === 0) {
    parts.push(`<text x="${width / 2}" y="${height / 2}" font-size="22" text-anchor="middle">No data</text>`);
  } else if (chart.chartType === 'pie') {
    const cx = 380;
    const cy = 380;
    const r = 270;
    let angle = -Math.PI / 2;
    rows.forEach((row, i) => {
      const share = total > 0 ? Math.max(0, row.value) / total : 0;
      const next = angle + share * 2 * Math.PI;
      if (share >= 0.9999) parts.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${row.color}"/>`);
      else if (share > 0) {
        const [x1, y1] = [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
        const [x2, y2] = [cx + r * Math.cos(next), cy + r * Math.sin(next)];
        parts.push(
          `<path d="M${cx} ${cy} L${x1.toFixed(1)} ${y1.toFixed(1)} A${r} ${r} 0 ${next - angle > Math.PI ? 1 : 0} 1 ${x2.toFixed(1)} ${y2.toFixed(1)} Z" fill="${row.color}" stroke="#ffffff" stroke-width="2"/>`,
        );
      }
      angle = next;
      const y = 120 + i * 40;
      parts.push(
        `<rect x="720" y="${y - 20}" width="24" height="24" fill="${row.color}"/><text x="756" y="${y}" font-size="20" fill="#0b0c0c">${escape(row.label)}: ${value(row)}</text>`,
      );
    });
  } else {
    const left = 110;
    const right = width - 40;
    const top = 80;
    const bottom = height - 90;
    // Rows with a serial are series over the labels (grouped or stacked columns, one line each).
    const labels = [...new Set(rows.map((row) => row.label))];
    const series = [...new Set(rows.map((row) => row.serial ?? ''))];
    const at = (label: string, serial: string) =>
      rows.find((row) => row.label === label && (row.serial ?? '') === serial);
    // A series' colour: its first row's own, or the palette's when it kept the default.
    const colour = (serial: string, index: number) => {
      if (series.length === 1) return null;
      const own = rows.find((row) => (row.serial ?? '') === serial)?.color;
      return own && own.toUpperCase() !== DEFAULT_CHART_COLOUR
        ? own
        : SERIES_PALETTE[index % SERIES_PALETTE.length]!;
    };
    const stacked = chart.chartType === 'column' && chart.columnChartType === 'stack' && series.length > 1;
    const totals = labels.map((label) =>
      series.reduce((sum, serial) => sum + Math.max(0, at(label, serial)?.value ?? 0), 0),
    );
    const values = stacked ? totals : rows.map((row) => row.value);
    const max = niceCeil(Math.max(...values, 0) * (chart.chartType === 'line' ? 1.2 : 1)) || 1;
    const min = Math.min(...rows.map((row) => row.value), 0);
    const y = (v: number) => bottom - ((v - min) / (max - min)) * (bottom - top);
    for (let i = 0; i <= 4; i++) {
      const v = min + ((max - min) * i) / 4;
      parts.push(
        `<line x1="${left}" x2="${right}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#dddddd"/><text x="${left - 10}" y="${(y(v) + 6).toFixed(1)}" font-size="16" text-anchor="end" fill="#505a5f">${Math.round(v).toLocaleString('en-GB')}</text>`,
      );
    }
    const step = (right - left) / labels.length;
    const label = (text: string, x: number, ty: number) =>
      `<text x="${x.toFixed(1)}" y="${ty.toFixed(1)}" font-size="18" text-anchor="middle" fill="#0b0c0c">${escape(text)}</text>`;
    labels.forEach((name, i) => {
      const x = left + step * i + step / 2;
      parts.push(label(name, x, bottom + 30));
      if (chart.chartType !== 'column') return;
      const groupWidth = Math.min(step * 0.7, 200);
      const barWidth = stacked || series.length === 1 ? groupWidth : groupWidth / series.length;
      let base = 0;
      series.forEach((serial, j) => {
        const row = at(name, serial);
        if (!row) return;
        const fill = colour(serial, j) ?? row.color;
        const from = stacked ? base : 0;
        const to = from + (stacked ? Math.max(0, row.value) : row.value);
        base = to;
        const bx = stacked || series.length === 1 ? x - groupWidth / 2 : x - groupWidth / 2 + j * barWidth;
        parts.push(
          `<rect x="${bx.toFixed(1)}" y="${Math.min(y(to), y(from)).toFixed(1)}" width="${(barWidth - 2).toFixed(1)}" height="${Math.abs(y(to) - y(from)).toFixed(1)}" fill="${fill}"/>`,
        );
        if (!stacked) parts.push(label(value(row), bx + barWidth / 2, y(to) - 10));
      });
      if (stacked) parts.push(label(totals[i]!.toLocaleString('en-GB'), x, y(totals[i]!) - 10));
    });
    if (chart.chartType === 'line')
      series.forEach((serial, j) => {
        const fill = colour(serial, j) ?? rows[0]!.color;
        const points = labels.flatMap((name, i) => {
          const row = at(name, serial);
          return row ? [{ x: left + step * i + step / 2, y: y(row.value), row }] : [];
        });
        parts.push(
          `<polyline points="${points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}" fill="none" stroke="${fill}" stroke-width="4"/>` +
            points
              .map(
                (p) =>
                  `<circle cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="7" fill="${fill}"/>${label(value(p.row), p.x, p.y - 14)}`,
              )
              .join(''),
        );
      });
    if (series.length > 1)
      series.forEach((serial, j) =>
        parts.push(
          `<rect x="${left + j * 180}" y="52" width="18" height="18" fill="${colour(serial, j)}"/><text x="${left + j * 180 + 26}" y="67" font-size="16" fill="#0b0c0c">${escape(serial || '-')}</text>`,
        ),
      );
    parts.push(
      `<line x1="${left}" x2="${right}" y1="${y(0).toFixed(1)}" y2="${y(0).toFixed(1)}" stroke="#0b0c0c"/>`,
    );
    if (chart.columns[0])
      parts.push(
        `<text x="30" y="${(top + bottom) / 2}" font-size="18" text-anchor="middle" transform="rotate(-90 30 ${(top + bottom) / 2})" fill="#505a5f">${escape(chart.columns[0])}</text>`,
      );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}
