import { describe, expect, it } from 'vitest';
import { initials, workspaceLogo } from './names';

describe('initials', () => {
  it('takes the first and the last word', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('Ada King Lovelace')).toBe('AL');
    expect(initials('  jane   van der   doe ')).toBe('JD');
  });
  it('takes one letter from a single word', () => {
    expect(initials('Cher')).toBe('C');
  });
  it('is empty for no name', () => {
    expect(initials('')).toBe('');
    expect(initials('   ')).toBe('');
    expect(initials(null)).toBe('');
    expect(initials(undefined)).toBe('');
  });
  it('never cuts a character in half', () => {
    expect(initials('Émile 𝒵ola')).toBe('É𝒵');
  });
});

describe('workspaceLogo', () => {
  it('takes the first 2 characters of the name', () => {
    expect(workspaceLogo('Acme Hosting')).toBe('Ac');
    expect(workspaceLogo('X')).toBe('X');
    expect(workspaceLogo('  Beta')).toBe('Be');
  });
  it('is empty for no name and keeps surrogate pairs whole', () => {
    expect(workspaceLogo('')).toBe('');
    expect(workspaceLogo(null)).toBe('');
    expect(workspaceLogo('🚀🌍 Team')).toBe('🚀🌍');
  });
});
