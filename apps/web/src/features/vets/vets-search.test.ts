import { describe, expect, it } from 'vitest';
import {
  createKindFor,
  listKindFor,
  vetsFilterQuery,
  vetsListQuery,
  vetsSearchSchema,
  vetsTitle,
} from './vets-search.ts';

const schema = vetsSearchSchema('Vetboard');

describe('vets search params', () => {
  it("reads the menu links' kinds: b2b, partner and the product name", () => {
    expect(schema.parse({ kind: 'b2b' })).toMatchObject({ kind: 'b2b', sort: 'name', order: 'asc', page: 1 });
    expect(schema.parse({ kind: 'partner' }).kind).toBe('partner');
    expect(schema.parse({ kind: 'Vetboard' }).kind).toBe('Vetboard');
    expect(schema.parse({ kind: 'vetboard' }).kind).toBe('vetboard');
    expect(schema.parse({ kind: 'product' }).kind).toBe('product');
  });

  it.each(['nurse', '', 42, ['b2b']])('drops an unknown kind (%j) and lists every vet', (kind) => {
    expect(schema.parse({ kind }).kind).toBeUndefined();
  });

  it('falls back on bad paging and sorting', () => {
    expect(schema.parse({ kind: 'b2b', page: 'x', pageSize: 7, sort: 'password', order: 1 })).toMatchObject({
      kind: 'b2b',
      page: 1,
      pageSize: 25,
      sort: 'name',
      order: 'asc',
    });
  });

  it('asks the API with the same filter the export link carries', () => {
    const search = schema.parse({ kind: 'Vetboard', search: 'marsh', page: 2, sort: 'email', order: 'desc' });
    expect(vetsListQuery(search)).toEqual({
      page: 2,
      pageSize: 25,
      kind: 'Vetboard',
      search: 'marsh',
      sort: 'email',
      order: 'desc',
    });
    expect(vetsFilterQuery(search)).toEqual({
      kind: 'Vetboard',
      search: 'marsh',
      sort: 'email',
      order: 'desc',
    });
  });
});

describe('vets titles and kinds', () => {
  it("titles the list as SPEC §2's menu does", () => {
    expect(vetsTitle('b2b', 'Vetboard')).toBe('B2B Vets');
    expect(vetsTitle('partner', 'Vetboard')).toBe('B2B Partners');
    expect(vetsTitle('Vetboard', 'Vetboard')).toBe('Teammates');
    expect(vetsTitle(undefined, 'Vetboard')).toBe('All vets');
  });

  it("sends a new vet's kind to the list it belongs to", () => {
    expect(listKindFor('regular', 'Vetboard')).toBe('Vetboard');
    expect(listKindFor('head', 'Vetboard')).toBe('Vetboard');
    expect(listKindFor('b2b', 'Vetboard')).toBe('b2b');
    expect(listKindFor('partner', 'Vetboard')).toBe('partner');
  });

  it("starts a new vet with the list's kind", () => {
    expect(createKindFor('Vetboard', 'Vetboard')).toBe('regular');
    expect(createKindFor('partner', 'Vetboard')).toBe('partner');
    expect(createKindFor(undefined, 'Vetboard')).toBeUndefined();
  });
});
