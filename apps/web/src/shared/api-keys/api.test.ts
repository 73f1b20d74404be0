import { describe, expect, it } from 'vitest';
import { expiryDate, ogcAddress } from './api';

describe('API key helpers', () => {
  it('puts the key in the OGC address, as QGIS needs it', () => {
    expect(ogcAddress('https://planning.demo.example.gov.uk')).toBe(
      'https://planning.demo.example.gov.uk/api/v1/ogc',
    );
    expect(ogcAddress('http://localhost:3000', 'pk_demo_0a1b2c3d_abc-_')).toBe(
      'http://localhost:3000/api/v1/ogc?api_key=pk_demo_0a1b2c3d_abc-_',
    );
  });

  it('turns an expiry choice into a date, or none', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(expiryDate('never', now)).toBeNull();
    expect(expiryDate('30', now)).toBe('2026-01-31T00:00:00.000Z');
    expect(expiryDate('365', now)).toBe('2027-01-01T00:00:00.000Z');
  });
});
