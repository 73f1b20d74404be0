import { describe, expect, it } from 'vitest';
import { hexColorSchema, httpUrlSchema } from './schemas';

describe('hexColorSchema', () => {
  it.each(['#fff', '#1D4F91', '#0b6e4f'])('accepts %s', (value) => {
    expect(hexColorSchema.safeParse(value).success).toBe(true);
  });
  it.each(['#ffff', 'fff', '#12345g', 'red', '#1234567'])('rejects %s with "Invalid HEX color"', (value) => {
    const result = hexColorSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Invalid HEX color');
  });
});

describe('httpUrlSchema', () => {
  it.each(['https://council.gov.uk', 'http://localhost:3000/a?b=c', 'https://x.example/path#frag'])(
    'accepts %s',
    (value) => {
      expect(httpUrlSchema.safeParse(value).success).toBe(true);
    },
  );
  it.each([
    'javascript:alert(1)',
    'ftp://council.gov.uk',
    'data:text/html,hi',
    '//council.gov.uk',
    'https://',
  ])('rejects %s', (value) => {
    expect(httpUrlSchema.safeParse(value).success).toBe(false);
  });
});
