import { describe, expect, it } from 'vitest';
import { formatCustomValue, formatDate, timelineText } from './format';

describe('formatDate', () => {
  it('reads a date column as the day it names', () => {
    expect(formatDate('2026-03-04')).toBe('4 Mar 2026');
    expect(formatDate(null)).toBe('—');
  });
});

describe('formatCustomValue', () => {
  it('shows each column type as people read it', () => {
    expect(formatCustomValue({ dataType: 'checkbox' }, true)).toBe('Yes');
    expect(formatCustomValue({ dataType: 'multiSelect' }, ['Roads', 'Parks'])).toBe('Roads, Parks');
    expect(formatCustomValue({ dataType: 'percentage' }, 12.5)).toBe('12.5%');
    expect(formatCustomValue({ dataType: 'currency' }, 1200)).toBe('£1,200.00');
    expect(formatCustomValue({ dataType: 'text' }, null)).toBe('—');
  });
});

describe('timelineText', () => {
  it.each([
    [
      { action: 'status changed', detail: { from: 'Received', to: 'Response sent' } },
      'Status changed from Received to Response sent',
    ],
    [
      { action: 'created', detail: { reference: 'R000003', duplicateOf: 'R000001' } },
      'Created as a copy of R000001',
    ],
    [{ action: 'created', detail: { reference: 'R000001' } }, 'Created'],
    [{ action: 'duplicated', detail: { copy: 'R000003' } }, 'Duplicated as R000003'],
    [{ action: 'updated', detail: { fields: ['attitude', 'topics'] } }, 'Updated: attitude, topics'],
    [{ action: 'redaction added', detail: { redactionType: 'name' } }, 'Redaction added (name)'],
    [{ action: 'response saved', detail: {} }, 'Response saved'],
  ])('%j reads "%s"', (entry, expected) => {
    expect(timelineText(entry)).toBe(expected);
  });
});
