import { describe, expect, it } from 'vitest';
import { fromLocalInput, fromMaintenanceValues, toLocalInput, toMaintenanceValues } from './maintenanceForm';

describe('maintenance form values', () => {
  it('shows an instant in local time to the minute and reads it back', () => {
    const iso = new Date(2026, 10, 25, 9, 30).toISOString();
    expect(toLocalInput(iso)).toBe('2026-11-25T09:30');
    expect(fromLocalInput('2026-11-25T09:30')).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
  });

  it('turns an empty message into the default and trims pages', () => {
    const values = toMaintenanceValues({
      global: { active: true, until: null, message: null },
      pages: [{ route: '/map', active: true, until: null }],
    });
    expect(values.global.message).toBe('');
    values.pages[0]!.route = ' /table ';
    expect(fromMaintenanceValues(values)).toEqual({
      global: { active: true, until: null, message: null },
      pages: [{ route: '/table', active: true, until: null }],
    });
  });
});
