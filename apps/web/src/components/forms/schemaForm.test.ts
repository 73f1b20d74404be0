import { describe, expect, it } from 'vitest';
import { signUpSchema } from '@planning/shared';
import { schemaIssuesByField } from './schemaForm';

const valid = {
  email: 'ann@example.test',
  password: 'secret1',
  confirmPassword: 'secret1',
  name: 'Ann Lee',
  phone: '020 7946 0958',
};

describe('schemaIssuesByField', () => {
  it('finds nothing wrong with a valid form', () => {
    expect(schemaIssuesByField(signUpSchema, valid)).toEqual({});
  });

  it('gives each field the schema’s own messages', () => {
    const issues = schemaIssuesByField(signUpSchema, {
      ...valid,
      email: 'nope',
      confirmPassword: 'other',
      phone: '123',
    });
    expect(issues.email).toEqual(['Email must be valid']);
    expect(issues.confirmPassword).toEqual(['Passwords should match']);
    expect(issues.phone).toEqual(['Must be a valid phone number']);
    expect(issues.name).toBeUndefined();
  });
});
