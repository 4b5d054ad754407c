import { describe, expect, it } from 'vitest';
import { locationToRegion } from './region';

describe('locationToRegion', () => {
  it('maps Frankfurt and Riga to eu, in any case', () => {
    expect(locationToRegion('Frankfurt')).toBe('eu');
    expect(locationToRegion('riga')).toBe('eu');
    expect(locationToRegion('Frankfurt am Main')).toBe('eu');
  });
  it('maps an unknown or missing city to eu', () => {
    expect(locationToRegion('Atlantis')).toBe('eu');
    expect(locationToRegion('')).toBe('eu');
    expect(locationToRegion(null)).toBe('eu');
  });
});
