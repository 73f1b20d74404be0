import { describe, expect, it } from 'vitest';
import { validateConfig } from './schemas';
import { defaultConfigs } from './defaults';

const messagesOf = (result: ReturnType<typeof validateConfig>) =>
  Object.fromEntries(result.issues.map((issue) => [issue.path, issue.message]));

describe('config issues in plain English', () => {
  it('asks for a missing or empty text setting by name', () => {
    const document = {
      ...defaultConfigs['site-card'],
      elements: [{ label: '' }, { label: 'Area', dbPropertyName: 5 }],
    };
    const messages = Object.values(messagesOf(validateConfig('site-card', document)));
    expect(messages.join('\n')).not.toMatch(/Too small|Invalid input|expected/);
    expect(messages).toContain('Enter a field name');
    expect(messages).toContain('Field name must be text');
  });

  it('says what a field name may hold, never "not a valid regex"', () => {
    const document = {
      ...defaultConfigs['site-card'],
      elements: [{ label: 'Area', dbPropertyName: 'Site Area' }],
    };
    const messages = Object.values(messagesOf(validateConfig('site-card', document)));
    expect(messages.join('\n')).not.toMatch(/regex|db property/i);
    expect(messages.join('\n')).toMatch(/A field name starts with a small letter/);
  });

  it('names the choices of a setting and the settings it does not know', () => {
    const result = validateConfig('layers-order', { surprise: true });
    expect(result.valid).toBe(false);
    for (const issue of result.issues)
      expect(issue.message).not.toMatch(/Invalid input|Unrecognized key|expected/);
  });
});
