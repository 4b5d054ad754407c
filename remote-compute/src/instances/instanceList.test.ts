import { describe, expect, it } from 'vitest';
import { instance } from '../test/computeClient';
import { pageOf, visibleInstances } from './instanceList';

describe('visibleInstances', () => {
  const rows = [instance('Éclair'), instance('eclipse'), instance('web-2'), instance('web-10')];
  it('filters by name ignoring case and accents', () => {
    expect(
      visibleInstances(rows, 'ecl', { column: 'name', direction: 'ascending' }).map((r) => r.name),
    ).toEqual(['Éclair', 'eclipse']);
  });
  it('ties keep the name order', () => {
    expect(
      visibleInstances(rows, '', { column: 'status', direction: 'descending' }).map((r) => r.name),
    ).toEqual(['Éclair', 'eclipse', 'web-2', 'web-10']);
  });
});

describe('pageOf', () => {
  it('clamps to the last page', () => {
    expect(pageOf([1, 2, 3], 5, 2)).toEqual({ rows: [3], page: 1, pages: 2 });
    expect(pageOf([], 0, 2)).toEqual({ rows: [], page: 0, pages: 1 });
  });
});
