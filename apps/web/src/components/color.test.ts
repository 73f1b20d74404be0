import { describe, expect, it } from 'vitest';
import { contrastRatio, mixHex, readableTextOn } from './color';

describe('mixHex', () => {
  it.each([
    ['#000000', '#ffffff', 0, '#000000'],
    ['#000000', '#ffffff', 1, '#ffffff'],
    ['#000', '#fff', 0.5, '#808080'],
    ['#1d4f91', '#ffffff', 0.9, '#e8edf4'],
  ])('%s + %s × %s → %s', (hex, other, amount, expected) => {
    expect(mixHex(hex, other, amount)).toBe(expected);
  });
});

describe('contrastRatio', () => {
  it.each([
    ['#ffffff', '#000000', 21],
    ['#000000', '#ffffff', 21],
    ['#777777', '#777777', 1],
  ])('%s on %s → %s', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 5);
  });
});

describe('readableTextOn', () => {
  it.each([
    ['#1d4f91', '#ffffff'],
    ['#083d2d', '#ffffff'],
    ['#0b6e4f', '#ffffff'],
    ['#ffdd00', '#141414'],
    ['#fff', '#141414'],
  ])('%s → %s', (background, text) => {
    expect(readableTextOn(background)).toBe(text);
  });
});
