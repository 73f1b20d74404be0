/**
 * Deterministic, plausible demo sites: non-overlapping, valid polygons in British National Grid
 * inside a district outline, with HELAA-style attributes. The same name and count always give
 * the same sites, so demos, tests and benchmarks are repeatable.
 */

export type GeneratedSite = {
  idUnique: string;
  siteName: string;
  helaaReference: string;
  sizeHa: number;
  suitableArea: number;
  optimisedUnitCapacity: number;
  suitabilityAssessmentResult: string;
  accessibilityBand: string;
  availabilityTimePeriod: string;
  neighbourhoodAreaName: string;
  ward: string;
  parish: string;
  status: string;
  publicMapVisibility: boolean;
  tags: string[];
  /** Outer ring in EPSG:27700 metres, closed. */
  ring: [number, number][];
  /** The part left after constraints are cut away (about a third of sites), inside `ring`. */
  cutRing: [number, number][] | null;
  /** Council-specific attributes (stored in `attributes`): an ISO date and a list. */
  assessmentDate: string;
  constraints: string[];
  /** Sub-parcels of larger sites (`children_data`). */
  children: { id_unique: string; site_name: string; size_ha: number }[];
  /** Other scenarios this site also appears in, with the capacity it has there. */
  scenarios: { name: string; optimisedUnitCapacity: number }[];
};

/** The second planning scenario of the demo councils; every site is in 'Base'. */
export const DEMO_SCENARIO = 'Higher density';

/** Planning constraints a site can be subject to (a list attribute, filtered with in-array). */
export const demoConstraints = [
  'Flood zone 2',
  'Flood zone 3',
  'Green belt',
  'Conservation area',
  'Ancient woodland',
  'Tree preservation order',
] as const;

export type District = {
  /** Seeds the random sequence. */
  name: string;
  /** The district boundary's name. */
  title: string;
  referencePrefix: string;
  /** Approximate outline in EPSG:27700, closed. */
  outline: [number, number][];
  wards: string[];
  parishes: string[];
  neighbourhoods: string[];
};

/** A rough outline of Tonbridge and Malling around the spec's map centre (564565, 155359). */
export const demoDistrict: District = {
  name: 'demo',
  title: 'Tonbridge and Malling',
  referencePrefix: 'DB',
  outline: [
    [552000, 146000],
    [561000, 143500],
    [571000, 145000],
    [578500, 150500],
    [579500, 158500],
    [575000, 166000],
    [566000, 168500],
    [557000, 166500],
    [551500, 160000],
    [550000, 152000],
    [552000, 146000],
  ],
  wards: [
    'Aylesford North',
    'Borough Green',
    'Burham',
    'Ditton',
    'East Malling',
    'Hildenborough',
    'Kings Hill',
    'Larkfield',
    'Snodland East',
    'Snodland West',
    'Wateringbury',
    'West Malling',
    'Wrotham',
    'Tonbridge Judd',
    'Tonbridge Vauxhall',
    'Trench',
  ],
  parishes: [
    'Addington',
    'Aylesford',
    'Birling',
    'Borough Green',
    'Burham',
    'Ditton',
    'East Malling',
    'Hadlow',
    'Ightham',
    'Kings Hill',
    'Leybourne',
    'Mereworth',
    'Offham',
    'Platt',
    'Ryarsh',
    'Snodland',
    'Trottiscliffe',
    'Wateringbury',
    'West Malling',
    'Wrotham',
  ],
  neighbourhoods: [
    'Malling Valley',
    'Medway Gap',
    'Tonbridge Rural',
    'North Downs',
    'Kings Hill and Mereworth',
  ],
};

/** A rough outline around Harrogate, for the second demo council. */
export const northfieldDistrict: District = {
  name: 'northfield',
  title: 'Northfield',
  referencePrefix: 'NF',
  outline: [
    [423000, 448000],
    [433000, 446000],
    [441000, 451000],
    [442000, 460000],
    [435000, 466000],
    [425000, 465000],
    [419000, 458000],
    [423000, 448000],
  ],
  wards: [
    'Bilton',
    'Fairfax',
    'High Harrogate',
    'Knaresborough East',
    'Knaresborough West',
    'Low Harrogate',
    'Pannal',
    'Starbeck',
    'Woodfield',
    'Killinghall',
  ],
  parishes: [
    'Bilton',
    'Killinghall',
    'Knaresborough',
    'Pannal',
    'Burn Bridge',
    'Follifoot',
    'Spofforth',
    'Kirby Overblow',
  ],
  neighbourhoods: ['Harrogate Town', 'Knaresborough', 'Harrogate Rural'],
};

const roads = [
  'Church Lane',
  'Mill Road',
  'London Road',
  'Station Road',
  'High Street',
  'The Green',
  'Orchard Way',
  'Hall Lane',
  'Quarry Hill',
  'Forge Lane',
  'Rectory Road',
  'Windmill Hill',
  'Manor Farm',
  'Oast Lane',
  'Brook Street',
];
const directions = ['north of', 'south of', 'east of', 'west of', 'adjacent to', 'rear of'];
const suitability = ['Suitable', 'Suitable', 'Potentially suitable', 'Not suitable'];
const bands = ['A', 'B', 'C', 'D', 'E'];
const availability = ['0-5 years', '6-10 years', '11-15 years', 'Not currently available'];
const statuses = ['Submitted', 'Under assessment', 'Assessed', 'Allocated', 'Rejected'];
export const demoTagNames = [
  'brownfield',
  'greenfield',
  'green-belt',
  'flood-zone-2',
  'flood-zone-3',
  'town-centre',
  'call-for-sites-2025',
];

/** mulberry32: small, fast and good enough for demo data; never for anything secret. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

export function ringArea(ring: [number, number][]): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i += 1) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[i + 1]!;
    sum += x1 * y2 - x2 * y1;
  }
  return Math.abs(sum) / 2;
}

function contains(ring: [number, number][], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function boundsOf(district: District) {
  const xs = district.outline.map(([x]) => x);
  const ys = district.outline.map(([, y]) => y);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

// Wards, parishes and neighbourhoods are cells of a grid over the district, so neighbours share them.
function bandOf(district: District, x: number, y: number, names: string[]): string {
  const { minX, maxX, minY, maxY } = boundsOf(district);
  const columns = Math.ceil(Math.sqrt(names.length));
  const column = Math.min(columns - 1, Math.floor(((x - minX) / (maxX - minX)) * columns));
  const row = Math.min(columns - 1, Math.floor(((y - minY) / (maxY - minY)) * columns));
  return names[(row * columns + column) % names.length]!;
}

export type GeneratedBoundary = {
  kind: 'district' | 'ward' | 'parish' | 'neighbourhood';
  name: string;
  /** Rectangles (closed rings, EPSG:27700) whose union, cut by the outline, is the area. */
  rings: [number, number][][];
};

/**
 * The district and the areas its sites are labelled with: each name's grid cells, so a site's
 * ward attribute and the ward boundary agree.
 */
export function districtBoundaries(district: District): GeneratedBoundary[] {
  const { minX, maxX, minY, maxY } = boundsOf(district);
  const areas = (kind: GeneratedBoundary['kind'], names: string[]): GeneratedBoundary[] => {
    const columns = Math.ceil(Math.sqrt(names.length));
    const [w, h] = [(maxX - minX) / columns, (maxY - minY) / columns];
    const byName = new Map<string, [number, number][][]>();
    for (let row = 0; row < columns; row += 1) {
      for (let column = 0; column < columns; column += 1) {
        const name = bandOf(district, minX + (column + 0.5) * w, minY + (row + 0.5) * h, names);
        const [x0, y0] = [minX + column * w, minY + row * h];
        const ring: [number, number][] = [
          [x0, y0],
          [x0 + w, y0],
          [x0 + w, y0 + h],
          [x0, y0 + h],
          [x0, y0],
        ];
        byName.set(name, [...(byName.get(name) ?? []), ring]);
      }
    }
    return [...byName].map(([name, rings]) => ({ kind, name, rings }));
  };
  return [
    { kind: 'district', name: district.title, rings: [district.outline] },
    ...areas('ward', district.wards),
    ...areas('parish', district.parishes),
    ...areas('neighbourhood', district.neighbourhoods),
  ];
}

/**
 * One site per grid cell, each a star-shaped polygon around its cell's centre that stays inside
 * the cell: valid by construction, and never overlapping a neighbour.
 */
export function generateSites(district: District, count: number): GeneratedSite[] {
  const next = random(seedOf(`${district.name}:${count}`));
  // Attributes added later draw from their own sequence, so the earlier ones never change.
  const more = random(seedOf(`${district.name}:${count}:more`));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const xs = district.outline.map(([x]) => x);
  const ys = district.outline.map(([, y]) => y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];

  let cell = Math.sqrt(ringArea(district.outline) / count);
  let centres: [number, number][] = [];
  for (;;) {
    centres = [];
    for (let y = minY + cell / 2; y < maxY; y += cell) {
      for (let x = minX + cell / 2; x < maxX; x += cell) {
        if (contains(district.outline, x, y)) centres.push([x, y]);
      }
    }
    if (centres.length >= count) break;
    cell *= 0.97;
  }

  const band = (x: number, y: number, names: string[]) => bandOf(district, x, y, names);

  return centres.slice(0, count).map(([cx, cy], index) => {
    const corners = 5 + Math.floor(next() * 4);
    const offset = next() * Math.PI * 2;
    const ring: [number, number][] = [];
    for (let k = 0; k < corners; k += 1) {
      const angle = offset + (k / corners) * Math.PI * 2 + (next() - 0.5) * (Math.PI / corners);
      const radius = cell * (0.22 + next() * 0.24);
      ring.push([
        Math.round((cx + Math.cos(angle) * radius) * 100) / 100,
        Math.round((cy + Math.sin(angle) * radius) * 100) / 100,
      ]);
    }
    ring.push(ring[0]!);
    const sizeHa = Math.round((ringArea(ring) / 10_000) * 100) / 100;
    const suitableArea = Math.round(sizeHa * (0.4 + next() * 0.6) * 100) / 100;
    const parish = band(cx, cy, district.parishes);
    const tagCount = Math.floor(next() * 3);
    const tags = [...new Set(Array.from({ length: tagCount }, () => pick(demoTagNames)))].sort();
    const reference = `${district.referencePrefix}-${String(index + 1).padStart(6, '0')}`;
    return {
      idUnique: reference,
      siteName: `Land ${pick(directions)} ${pick(roads)}, ${parish}`,
      helaaReference: reference,
      sizeHa,
      suitableArea,
      optimisedUnitCapacity: Math.round(suitableArea * (20 + next() * 40)),
      suitabilityAssessmentResult: pick(suitability),
      accessibilityBand: pick(bands),
      availabilityTimePeriod: pick(availability),
      neighbourhoodAreaName: band(cx, cy, district.neighbourhoods),
      ward: band(cx, cy, district.wards),
      parish,
      status: pick(statuses),
      publicMapVisibility: next() < 0.6,
      tags,
      ring,
      ...moreAttributes(more, ring, [cx, cy], reference, sizeHa, index),
      scenarios:
        index < 10_000 && index % 40 === 0
          ? [{ name: DEMO_SCENARIO, optimisedUnitCapacity: Math.round(suitableArea * 80) }]
          : [],
    };
  });
}

function moreAttributes(
  next: () => number,
  ring: [number, number][],
  [cx, cy]: [number, number],
  reference: string,
  sizeHa: number,
  index: number,
) {
  // Scaling a star-shaped ring towards its centre keeps it valid and inside the original.
  const scale = 0.55 + next() * 0.3;
  const cutRing =
    next() < 0.35
      ? ring.map(([x, y]): [number, number] => [
          Math.round((cx + (x - cx) * scale) * 100) / 100,
          Math.round((cy + (y - cy) * scale) * 100) / 100,
        ])
      : null;
  const day = Math.floor(next() * 6 * 365);
  const assessmentDate = new Date(Date.UTC(2020, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
  const constraints = demoConstraints.filter(() => next() < 0.15);
  const parts = sizeHa >= 1 && next() < 0.5 ? 2 + Math.floor(next() * 2) : 0;
  const children = Array.from({ length: parts }, (_, part) => ({
    id_unique: `${reference}-${String.fromCharCode(65 + part)}`,
    site_name: `Parcel ${String.fromCharCode(65 + part)} of site ${index + 1}`,
    size_ha: Math.round((sizeHa / parts) * 100) / 100,
  }));
  return { cutRing, assessmentDate, constraints, children };
}
