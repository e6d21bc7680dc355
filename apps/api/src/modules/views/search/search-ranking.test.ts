import type { SearchResponse, SearchResult } from '@vetboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { breedId } from '../../core/breeds/breeds.sync.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
const ids: Record<string, string> = {};
let emmaFamilyId: string;
let tomFamilyId: string;

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  await createCompany(db, { sku: 'PAWSURE', name: 'Pawsure Insurance' });
  const emma = await createFamily(db, {
    familyKind: 'paid',
    owner: { firstName: 'Emma', lastName: 'Clarke', email: 'emma.clarke@example.com' },
  });
  emmaFamilyId = emma.family.id;
  ids.emma = emma.owner.id;
  const tom = await createFamily(db, {
    familyKind: 'b2b',
    owner: { firstName: 'Tom', lastName: 'Becker', email: 'tom.becker@example.com', b2bCode: 'PAWSURE' },
  });
  tomFamilyId = tom.family.id;
  ids.tom = tom.owner.id;

  const pet = async (name: string, extra: Parameters<typeof createPet>[1] | object = {}) => {
    const row = await createPet(db, { familyId: emmaFamilyId, name, ...extra });
    ids[name] = row.id;
  };
  await pet('Luna', {
    species: 'dog',
    breedId: breedId('dog', 'Cavalier King Charles Spaniel'),
    microchip: '985112004567890',
  });
  await pet('Lunara', { microchip: '985112000000001' });
  await pet('Bella Luna');
  await pet('Kaluna');
  await pet('Lola');
  await pet('Emma');
  await pet('Milo', {
    species: 'cat',
    breedId: breedId('cat', 'Domestic Shorthair'),
    microchip: '250269600000123',
  });
  const biscuit = await createPet(db, {
    familyId: tomFamilyId,
    name: 'Biscuit',
    breedId: breedId('dog', 'Beagle'),
  });
  ids.Biscuit = biscuit.id;

  const helena = await createTestVet(app, {
    firstName: 'Helena',
    lastName: 'Marsh',
    email: 'head.vet@example.com',
    kind: 'head',
    imageUrl: '/v1/vets/avatars/0123456789abcdef0123456789abcdef.png',
  });
  ids.helena = helena.id;
  cookies = await loginAs(app, 'head.vet@example.com');
});

async function search(q: string, limit?: number): Promise<SearchResult[]> {
  const query = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
  const response = await app.inject({ method: 'GET', url: `/v1/search?${query}`, cookies });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as SearchResponse).results;
}

const titles = (results: SearchResult[]) => results.map((result) => result.title);

describe('global search', () => {
  it('ranks an exact name first, then prefixes (of the name or a word), then contains', async () => {
    const results = await search('luna');
    expect(results).toHaveLength(4);
    const [exact, prefixA, prefixB, contains] = results as [
      SearchResult,
      SearchResult,
      SearchResult,
      SearchResult,
    ];
    expect(exact.title).toBe('Luna');
    expect([prefixA.title, prefixB.title].sort()).toEqual(['Bella Luna', 'Lunara']);
    expect(contains.title).toBe('Kaluna');
    expect(exact.score).toBeGreaterThan(Math.max(prefixA.score, prefixB.score));
    expect(Math.min(prefixA.score, prefixB.score)).toBeGreaterThan(contains.score);
    expect(titles(results)).not.toContain('Lola');
  });

  it('finds names despite a typo, below any real match, and not names that are merely similar', async () => {
    const typo = await search('lnua');
    expect(titles(typo)[0]).toBe('Luna');
    expect(titles(typo)).not.toContain('Lola');
    expect(typo[0]?.score).toBeLessThan(2);

    const owner = await search('clrake');
    expect(owner[0]).toMatchObject({ type: 'owner', title: 'Emma Clarke' });
  });

  it('gives a pet its link fields and a subtitle with species, breed and owner', async () => {
    const [luna] = await search('Luna');
    expect(luna).toEqual({
      type: 'pet',
      uuid: ids.Luna,
      title: 'Luna',
      subtitle: 'Dog · Cavalier King Charles Spaniel · Emma Clarke',
      familyUuid: emmaFamilyId,
      imageUrl: null,
      matchedOn: 'name',
      score: expect.any(Number),
      alerts: [],
    });
    const [biscuit] = await search('biscuit');
    expect(biscuit?.subtitle).toBe('Dog · Beagle · Tom Becker');
  });

  it('finds a pet by its whole microchip, with or without spaces, or by its first digits', async () => {
    const whole = await search('985112004567890');
    expect(whole[0]).toMatchObject({ type: 'pet', uuid: ids.Luna, matchedOn: 'microchip' });
    expect(whole).toHaveLength(1);
    expect((await search('985 112 004 567 890'))[0]?.uuid).toBe(ids.Luna);

    const prefix = await search('985112');
    expect(prefix.map((result) => result.uuid).sort()).toEqual([ids.Luna, ids.Lunara].sort());
    expect(prefix.every((result) => result.matchedOn === 'microchip')).toBe(true);
    expect(whole[0]?.score).toBeGreaterThan(prefix[0]?.score ?? Number.POSITIVE_INFINITY);
  });

  it('finds owners by name or e-mail, with the e-mail, B2B code and family to open', async () => {
    const [tom] = await search('tom.becker@example.com');
    expect(tom).toEqual({
      type: 'owner',
      uuid: ids.tom,
      title: 'Tom Becker',
      subtitle: 'tom.becker@example.com · PAWSURE',
      familyUuid: tomFamilyId,
      imageUrl: null,
      matchedOn: 'email',
      score: expect.any(Number),
      alerts: [],
    });
    const [byName] = await search('becker');
    expect(byName).toMatchObject({ type: 'owner', uuid: ids.tom, matchedOn: 'name' });
    const [emma] = await search('Emma Clarke');
    expect(emma).toMatchObject({ subtitle: 'emma.clarke@example.com', familyUuid: emmaFamilyId });
  });

  it('finds vets by name or e-mail, with their kind label, e-mail and avatar', async () => {
    const [helena] = await search('helena');
    expect(helena).toEqual({
      type: 'vet',
      uuid: ids.helena,
      title: 'Helena Marsh',
      subtitle: 'Head vet · head.vet@example.com',
      familyUuid: null,
      imageUrl: '/v1/vets/avatars/0123456789abcdef0123456789abcdef.png',
      matchedOn: 'name',
      score: expect.any(Number),
      alerts: [],
    });
    expect((await search('head.vet'))[0]).toMatchObject({ type: 'vet', matchedOn: 'email' });
  });

  it('ranks across types: an exact pet name before an owner whose name starts with it', async () => {
    const results = await search('emma');
    expect(results.slice(0, 2).map((result) => [result.type, result.title])).toEqual([
      ['pet', 'Emma'],
      ['owner', 'Emma Clarke'],
    ]);
  });

  it('respects the limit, and takes % and _ literally', async () => {
    expect(await search('l', 2)).toHaveLength(2);
    // One or two letters: the start of a word, not anywhere inside.
    expect(titles(await search('lu')).sort()).toEqual(['Bella Luna', 'Luna', 'Lunara']);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('refuses an empty query or a bad limit with 400, and needs a session', async () => {
    for (const url of [
      '/v1/search',
      '/v1/search?q=%20',
      '/v1/search?q=luna&limit=0',
      '/v1/search?q=luna&limit=500',
    ]) {
      const response = await app.inject({ method: 'GET', url, cookies });
      expect(response.statusCode, url).toBe(400);
    }
    expect((await app.inject({ method: 'GET', url: '/v1/search?q=luna' })).statusCode).toBe(401);
  });
});
