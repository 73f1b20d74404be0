import { describe, expect, it } from 'vitest';
import { gridReferenceMessages as M, readCorners, readGridReference } from './gridReferences';

const position = (text: string) => {
  const read = readGridReference(text, 1);
  if (!read.ok) throw new Error(read.message);
  return [...read.position];
};

const corners = (text: string) => {
  const read = readCorners(text);
  if (!read.ok) throw new Error(read.problems.join('; '));
  return read.corners;
};

const problems = (text: string) => {
  const read = readCorners(text);
  return read.ok ? [] : read.problems;
};

describe('a grid reference typed for a corner', () => {
  // Eastings and northings from the Ordnance Survey's lettering of its 100 km squares.
  it.each([
    ['TQ 6210 5380', [562_100, 153_800]],
    ['TQ6210053800', [562_100, 153_800]],
    ['tq 62100 53800', [562_100, 153_800]],
    ['  TQ  621   538 ', [562_100, 153_800]],
    ['TQ 62 53', [562_000, 153_000]],
    ['TQ 6 5', [560_000, 150_000]],
    ['TQ65', [560_000, 150_000]],
    ['NN 166 712', [216_600, 771_200]],
    ['HU 40 40', [440_000, 1_140_000]],
    ['SV 9 1', [90_000, 10_000]],
    ['OV 00 00', [500_000, 500_000]],
    ['HP 6000 1500', [460_000, 1_215_000]],
  ])('reads %s as %j', (text, expected) => {
    expect(position(text)).toEqual(expected);
  });

  it.each([
    ['562100, 153800', [562_100, 153_800]],
    ['562100,153800', [562_100, 153_800]],
    ['562100 153800', [562_100, 153_800]],
    ['562100.5, 153800.25', [562_100.5, 153_800.25]],
    ['0, 0', [0, 0]],
    ['700000, 1300000', [700_000, 1_300_000]],
  ])('reads the easting and northing %s as %j', (text, expected) => {
    expect(position(text)).toEqual(expected);
  });

  it.each([
    ['TQ 621 5380', M.digits(4)],
    ['TQ 62105', M.digits(4)],
    ['TQ 621005 538005', M.digits(4)],
    ['TQ621005380012', M.digits(4)],
    ['AB 6210 5380', M.square(4, 'AB')],
    ['TI 6210 5380', M.square(4, 'TI')],
    ['HA 10 10', M.square(4, 'HA')],
    ['JN 10 10', M.square(4, 'JN')],
    ['TQ', M.format(4)],
    ['T 6210 5380', M.format(4)],
    ['562100', M.format(4)],
    ['562100; 153800', M.format(4)],
    ['562100, 153800, 20', M.format(4)],
    ['Mill Lane', M.format(4)],
    ['51.2603, 0.3218', M.degrees(4)],
    ['-0.1271 51.5053', M.degrees(4)],
    ['700001, 153800', M.outside(4)],
    ['562100, 1300001', M.outside(4)],
    ['-562100, 153800', M.outside(4)],
  ])('refuses %s: %s', (text, message) => {
    expect(readGridReference(text, 4)).toEqual({ ok: false, message });
  });

  it('says each refusal in the words the page shows', () => {
    expect(M.format(2)).toBe(
      'Line 2: enter a grid reference like TQ 6210 5380 or an easting and northing like 562100, 153800',
    );
    expect(M.square(3, 'AB')).toBe(
      'Line 3: AB is not a grid square in Great Britain. Grid references start with 2 letters, like TQ',
    );
    expect(M.digits(1)).toBe(
      'Line 1: a grid reference has 2, 4, 6, 8 or 10 digits, half for the easting and half for the northing, like TQ 6210 5380',
    );
    expect(M.degrees(5)).toBe(
      'Line 5: enter a grid reference like TQ 6210 5380 or an easting and northing like 562100, 153800, not a latitude and longitude',
    );
    expect(M.outside(6)).toBe(
      'Line 6: the easting must be from 0 to 700,000 and the northing from 0 to 1,300,000',
    );
    expect(M.repeated(4, 2)).toBe('Line 4: this corner is the same as line 2');
    expect(M.empty).toBe('Enter the corners of the site, one on each line');
    expect(M.tooFew).toBe('Enter at least 3 corners');
    expect(M.tooMany).toBe('Enter at most 500 corners');
    expect(M.straight).toBe('The corners are all on one line. Enter the corners around the edge of the site');
    expect(M.crossing).toBe(
      'The lines between the corners cross. Enter the corners in order, going round the edge of the site',
    );
  });
});

describe('the corners of a site, one a line', () => {
  it('reads grid references and eastings and northings mixed, skipping blank lines', () => {
    expect(corners('TQ 6210 5380\n\n562200, 153800\r\nTQ 6220 5390\n  \n562100 153900\n')).toEqual([
      [562_100, 153_800],
      [562_200, 153_800],
      [562_200, 153_900],
      [562_100, 153_900],
    ]);
  });

  it('drops a last corner that repeats the first, as a closed ring is written', () => {
    expect(corners('TQ 6210 5380\nTQ 6220 5380\nTQ 6220 5390\nTQ6210053800')).toHaveLength(3);
  });

  it('says every line that is wrong, numbered as the box numbers them', () => {
    expect(problems('TQ 6210 5380\n\nTQ 621 5380\nsomewhere\n51.26, 0.32\nXX 10 10')).toEqual([
      M.digits(3),
      M.format(4),
      M.degrees(5),
      M.square(6, 'XX'),
    ]);
  });

  it('asks for the corners when there are none', () => {
    expect(problems('')).toEqual([M.empty]);
    expect(problems(' \n \n')).toEqual([M.empty]);
  });

  it('asks for at least 3 corners, counting a closing corner once', () => {
    expect(problems('TQ 6210 5380\nTQ 6220 5380')).toEqual([M.tooFew]);
    expect(problems('TQ 6210 5380\nTQ 6220 5380\nTQ 6210 5380')).toEqual([M.tooFew]);
  });

  it('allows at most 500 corners', () => {
    const around = (count: number) =>
      Array.from({ length: count }, (_, index) => {
        const angle = (2 * Math.PI * index) / count;
        return `${Math.round(562_100 + 10_000 * Math.cos(angle))}, ${Math.round(153_800 + 10_000 * Math.sin(angle))}`;
      }).join('\n');
    expect(corners(around(500))).toHaveLength(500);
    expect(problems(around(501))).toEqual([M.tooMany]);
    expect(problems(around(600))).toEqual([M.tooMany]);
  });

  it('refuses a corner given twice, naming both lines', () => {
    expect(problems('TQ 6210 5380\nTQ 6220 5380\n562200, 153800\nTQ 6220 5390')).toEqual([M.repeated(3, 2)]);
  });

  it('refuses corners all on one line, even in a zigzag along it', () => {
    expect(problems('TQ 6210 5380\nTQ 6220 5390\nTQ 6230 5400')).toEqual([M.straight]);
    expect(problems('562100, 153800\n562300, 153800\n562200, 153800')).toEqual([M.straight]);
  });

  it('keeps a figure of eight (its crossing edges are the map’s check)', () => {
    expect(corners('562100, 153800\n562200, 153900\n562200, 153800\n562100, 153900')).toHaveLength(4);
  });
});
