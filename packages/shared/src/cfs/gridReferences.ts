import { bngPosition, type BngPosition } from '../geo/britishNationalGrid';

/**
 * Issue 27 point 7: a site's boundary typed as the corners' grid references, for those who cannot
 * draw on a map. Each line is an Ordnance Survey grid reference ('TQ 6210 5380', 'TQ6210053800')
 * or an easting and northing in metres ('562100, 153800'), all on the British National Grid
 * (EPSG:27700). Read here, without the projection library: the page that asks loads it only when
 * the corners are used (geo/britishNationalGrid.ts turns them into WGS84).
 */

export const GRID_REFERENCE_LIMITS = {
  minCorners: 3,
  maxCorners: 500,
  /** The grid's extent in metres: eastings from 0 to 700 km, northings from 0 to 1,300 km. */
  maxEasting: 700_000,
  maxNorthing: 1_300_000,
} as const;

const EXAMPLES = 'a grid reference like TQ 6210 5380 or an easting and northing like 562100, 153800';

export const gridReferenceMessages = {
  empty: 'Enter the corners of the site, one on each line',
  format: (line: number) => `Line ${line}: enter ${EXAMPLES}`,
  square: (line: number, letters: string) =>
    `Line ${line}: ${letters} is not a grid square in Great Britain. Grid references start with 2 letters, like TQ`,
  digits: (line: number) =>
    `Line ${line}: a grid reference has 2, 4, 6, 8 or 10 digits, half for the easting and half for the northing, like TQ 6210 5380`,
  degrees: (line: number) => `Line ${line}: enter ${EXAMPLES}, not a latitude and longitude`,
  outside: (line: number) =>
    `Line ${line}: the easting must be from 0 to 700,000 and the northing from 0 to 1,300,000`,
  repeated: (line: number, first: number) => `Line ${line}: this corner is the same as line ${first}`,
  tooFew: `Enter at least ${GRID_REFERENCE_LIMITS.minCorners} corners`,
  tooMany: `Enter at most ${GRID_REFERENCE_LIMITS.maxCorners} corners`,
  straight: 'The corners are all on one line. Enter the corners around the edge of the site',
  crossing:
    'The lines between the corners cross. Enter the corners in order, going round the edge of the site',
} as const;

/** One line read: its position, or why it is not one. */
export type GridReferenceLine = { ok: true; position: BngPosition } | { ok: false; message: string };

/** The grid's 100 km squares are lettered A to Z without I, five by five. */
const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
/** Great Britain lies in these 500 km squares (the first letter); the rest of the grid is sea. */
const FIRST_LETTERS = 'HJNOST';

/** The south-west corner of a 100 km square ('TQ': 500000, 100000), or null for letters not on the grid. */
function squareOrigin(letters: string): [number, number] | null {
  const first = LETTERS.indexOf(letters[0]!);
  const second = LETTERS.indexOf(letters[1]!);
  if (!FIRST_LETTERS.includes(letters[0]!) || second < 0) return null;
  // The first letter picks a 500 km square from the false origin at SV, the second 100 km within it.
  const easting = (((first - 2) % 5) * 5 + (second % 5)) * 100_000;
  const northing = (19 - Math.floor(first / 5) * 5 - Math.floor(second / 5)) * 100_000;
  if (easting >= GRID_REFERENCE_LIMITS.maxEasting || northing >= GRID_REFERENCE_LIMITS.maxNorthing)
    return null;
  return [easting, northing];
}

const inGrid = (easting: number, northing: number) =>
  easting >= 0 &&
  easting <= GRID_REFERENCE_LIMITS.maxEasting &&
  northing >= 0 &&
  northing <= GRID_REFERENCE_LIMITS.maxNorthing;

const GRID_REFERENCE = /^([A-Z]{2})\s*(\d+)(?:\s+(\d+))?$/;
const NUMBER = String.raw`[+-]?\d+(?:\.\d+)?`;
const EASTING_NORTHING = new RegExp(`^(${NUMBER})\\s*(?:,|\\s)\\s*(${NUMBER})$`);

/**
 * One line as a position on the grid: a grid reference (its digits the south-west corner of the
 * square they name: 'TQ 62 53' is 562000, 153000) or an easting and northing in metres.
 */
export function readGridReference(text: string, line: number): GridReferenceLine {
  const typed = text.trim().toUpperCase().replace(/\s+/g, ' ');
  const reference = GRID_REFERENCE.exec(typed);
  if (reference) {
    const [, letters, first, second] = reference as unknown as [string, string, string, string | undefined];
    const origin = squareOrigin(letters);
    if (!origin) return { ok: false, message: gridReferenceMessages.square(line, letters) };
    const digits = second === undefined ? first : first + second;
    const half = digits.length / 2;
    const even = second === undefined || first.length === second.length;
    if (!even || digits.length % 2 !== 0 || half < 1 || half > 5)
      return { ok: false, message: gridReferenceMessages.digits(line) };
    // '62' of 'TQ 62 53' is 62 km into the square: pad each half to metres.
    const metres = (part: string) => Number(part.padEnd(5, '0'));
    return {
      ok: true,
      position: bngPosition(
        origin[0] + metres(digits.slice(0, half)),
        origin[1] + metres(digits.slice(half)),
      ),
    };
  }
  const pair = EASTING_NORTHING.exec(typed);
  if (!pair) return { ok: false, message: gridReferenceMessages.format(line) };
  const [easting, northing] = [Number(pair[1]), Number(pair[2])];
  // 51.26, 0.32 or -0.12 51.5: degrees, not metres (no corner of a site lies within 180 m of the grid's origin).
  const degreesLike = [pair[1]!, pair[2]!].some((part) => part.includes('.') || part.startsWith('-'));
  if (degreesLike && Math.abs(easting) <= 180 && Math.abs(northing) <= 180)
    return { ok: false, message: gridReferenceMessages.degrees(line) };
  if (!inGrid(easting, northing)) return { ok: false, message: gridReferenceMessages.outside(line) };
  return { ok: true, position: bngPosition(easting, northing) };
}

/** Whether every corner lies on the line through the first two (no two are the same by now). */
function allOnOneLine(corners: readonly BngPosition[]): boolean {
  const [[ax, ay], [bx, by]] = corners as [BngPosition, BngPosition];
  return corners.every(([x, y]) => (bx - ax) * (y - ay) - (by - ay) * (x - ax) === 0);
}

export type GridReferenceCorners = { ok: true; corners: BngPosition[] } | { ok: false; problems: string[] };

/**
 * The corners typed, one a line (blank lines skipped, a last corner repeating the first dropped),
 * or every problem: each line's, then the list's (too few, too many, all on one line).
 */
export function readCorners(text: string): GridReferenceCorners {
  const typed = text
    .split(/\r?\n/)
    .map((content, index) => ({ content, line: index + 1 }))
    .filter(({ content }) => content.trim() !== '');
  if (typed.length === 0) return { ok: false, problems: [gridReferenceMessages.empty] };
  if (typed.length > GRID_REFERENCE_LIMITS.maxCorners + 1)
    return { ok: false, problems: [gridReferenceMessages.tooMany] };
  const problems: string[] = [];
  const corners: { position: BngPosition; line: number }[] = [];
  for (const { content, line } of typed) {
    const read = readGridReference(content, line);
    if (!read.ok) problems.push(read.message);
    else corners.push({ position: read.position, line });
  }
  if (problems.length > 0) return { ok: false, problems };
  const same = (a: BngPosition, b: BngPosition) => a[0] === b[0] && a[1] === b[1];
  // A ring written closed, as a GIS would: its last corner is its first.
  if (corners.length > 1 && same(corners[0]!.position, corners.at(-1)!.position)) corners.pop();
  corners.forEach(({ position, line }, index) => {
    const first = corners.findIndex((other) => same(other.position, position));
    if (first < index) problems.push(gridReferenceMessages.repeated(line, corners[first]!.line));
  });
  if (problems.length > 0) return { ok: false, problems };
  if (corners.length < GRID_REFERENCE_LIMITS.minCorners)
    return { ok: false, problems: [gridReferenceMessages.tooFew] };
  if (corners.length > GRID_REFERENCE_LIMITS.maxCorners)
    return { ok: false, problems: [gridReferenceMessages.tooMany] };
  const positions = corners.map((corner) => corner.position);
  if (allOnOneLine(positions)) return { ok: false, problems: [gridReferenceMessages.straight] };
  return { ok: true, corners: positions };
}
