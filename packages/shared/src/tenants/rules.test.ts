import { describe, expect, it } from 'vitest';
import { DEFAULT_TENANT_HOST_PATTERN, isLoopbackHost, tenantNameFromHost } from './rules';

const pattern = new RegExp(DEFAULT_TENANT_HOST_PATTERN, 'i');

describe('tenantNameFromHost', () => {
  it.each([
    ['planning.demo.example.gov.uk', 'demo'],
    ['planning.northfield.example.gov.uk:8443', 'northfield'],
    ['PLANNING.Demo.Example.gov.uk', 'demo'],
    ['app.north-field.example.com', 'north-field'],
    ['localhost', null],
    ['localhost:3000', null],
    ['127.0.0.1', null],
    ['10.0.0.12:3000', null],
    ['[::1]:3000', null],
    ['example', null],
    ['planning.-bad.example.com', null],
  ])('%s → %s', (host, expected) => {
    expect(tenantNameFromHost(host, pattern)).toBe(expected);
  });

  it('uses the first group of a configured pattern', () => {
    expect(tenantNameFromHost('demo.councils.example', /^([a-z0-9-]+)\.councils\.example$/)).toBe('demo');
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['localhost', true],
    ['localhost:3000', true],
    ['127.0.0.1:5173', true],
    ['[::1]:3000', true],
    ['::1', true],
    ['app.localhost', true],
    ['planning.demo.example.gov.uk', false],
    ['127.0.0.1.evil.example', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});
