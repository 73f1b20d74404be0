import { describe, expect, it } from 'vitest';
import { emailSchema, personNameSchema, safeReturnUrl } from './schemas';
import { isUkPhoneNumber, signUpSchema } from './signUp';

describe('isUkPhoneNumber', () => {
  it.each([
    ['020 7946 0958', true],
    ['+44 20 7946 0958', true],
    ['0117 496 0123', true],
    ['07123 456789', true],
    ['+1 212 555 0100', false],
    ['12345', false],
    ['phone me', false],
  ])('%s → %s', (value, expected) => {
    expect(isUkPhoneNumber(value)).toBe(expected);
  });
});

describe('personNameSchema', () => {
  it.each(['Ann', 'Mary-Jane Smith', 'Jo Van Der Berg'])('accepts %s', (value) => {
    expect(personNameSchema.safeParse(value).success).toBe(true);
  });
  it.each(['ann', 'Mary-jane', 'ANN', 'Ann  Lee', 'Ann-', 'Ann3'])('rejects %s', (value) => {
    expect(personNameSchema.safeParse(value).success).toBe(false);
  });
  it('trims before checking', () => {
    expect(personNameSchema.parse('  Ann Lee ')).toBe('Ann Lee');
  });
});

describe('emailSchema', () => {
  it('lower-cases and trims', () => {
    expect(emailSchema.parse(' Ada@Example.TEST ')).toBe('ada@example.test');
  });
  it('allows 99 characters but not 100', () => {
    const local = (n: number) => `${'a'.repeat(n - '@example.test'.length)}@example.test`;
    expect(emailSchema.safeParse(local(99)).success).toBe(true);
    expect(emailSchema.safeParse(local(100)).error?.issues[0]?.message).toBe(
      'Email length must be less than 100 characters',
    );
  });
});

describe('signUpSchema', () => {
  it('reports a mismatched confirmation on the confirmation field', () => {
    const result = signUpSchema.safeParse({
      email: 'a@example.test',
      password: 'secret1',
      confirmPassword: 'secret2',
      name: 'Ann',
      phone: '020 7946 0958',
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: 'Passwords should match' }),
    ]);
  });
});

describe('safeReturnUrl', () => {
  it.each([
    ['/table?x=1', '/table?x=1'],
    ['//evil.example', '/map'],
    ['/\\evil.example', '/map'],
    ['https://evil.example', '/map'],
    ['javascript:alert(1)', '/map'],
    ['/ok\nSet-Cookie: x', '/map'],
    [undefined, '/map'],
  ])('%s → %s', (value, expected) => {
    expect(safeReturnUrl(value, '/map')).toBe(expected);
  });
});
