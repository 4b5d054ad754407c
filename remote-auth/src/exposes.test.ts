import { REMOTE_PAGES } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import exposes from '../exposes.json';

// The contract test of this remote: it exposes exactly the pages @portal/shared lists for it, and
// each exposed module is a page component.
describe('remote-auth exposes', () => {
  it('matches the contract', () => {
    expect(Object.keys(exposes).sort()).toEqual(REMOTE_PAGES.auth.map((page) => `./${page}`).sort());
  });

  it.each(Object.entries(exposes))('%s default-exports a component', async (_key, file) => {
    const module = await import(/* @vite-ignore */ `../${file.replace(/^\.\//, '')}`);
    expect(typeof module.default).toBe('function');
  });
});
