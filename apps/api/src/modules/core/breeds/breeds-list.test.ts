import { type Breed, species } from '@vetboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { BREED_NAMES } from './breeds.data.ts';
import { breedId } from './breeds.sync.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;

beforeAll(async () => {
  app = context.app;
  const vet = await createTestVet(app);
  cookies = await loginAs(app, vet.email);
});

async function listBreeds(query: string): Promise<Breed[]> {
  const response = await app.inject({ method: 'GET', url: `/v1/breeds${query}`, cookies });
  expect(response.statusCode).toBe(200);
  return response.json().breeds;
}

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('a vet picks a breed', () => {
  it("sees real dog breeds for a dog, and no cat's", async () => {
    const breeds = await listBreeds('?species=dog');
    const names = breeds.map((b) => b.name);
    expect(names).toEqual(
      expect.arrayContaining(['Labrador Retriever', 'Beagle', 'Cavalier King Charles Spaniel']),
    );
    expect(names).not.toContain('Maine Coon');
    expect(breeds.every((b) => b.species === 'dog')).toBe(true);
    expect(breeds).toHaveLength(BREED_NAMES.dog.length);
    expect(breeds.find((b) => b.name === 'Beagle')?.id).toBe(breedId('dog', 'Beagle'));
  });

  it("sees real cat breeds for a cat, and no dog's", async () => {
    const breeds = await listBreeds('?species=cat');
    const names = breeds.map((b) => b.name);
    expect(names).toEqual(expect.arrayContaining(['Maine Coon', 'Siamese', 'British Shorthair']));
    expect(names).not.toContain('Labrador Retriever');
    expect(breeds.every((b) => b.species === 'cat')).toBe(true);
    expect(breeds).toHaveLength(BREED_NAMES.cat.length);
  });

  it("finds 'Mixed breed' first, then the breeds by name, the same on every engine", async () => {
    for (const s of species) {
      const names = (await listBreeds(`?species=${s}`)).map((b) => b.name);
      expect(names[0]).toBe('Mixed breed');
      expect(names.slice(1)).toEqual([...names.slice(1)].sort(byteOrder));
    }
    const dogs = (await listBreeds('?species=dog')).map((b) => b.name);
    expect(dogs.indexOf('Bull Terrier')).toBeLessThan(dogs.indexOf('Bulldog'));
  });

  it('gets both species, dogs first, without a filter', async () => {
    const breeds = await listBreeds('');
    expect(breeds).toHaveLength(BREED_NAMES.dog.length + BREED_NAMES.cat.length);
    const firstCat = breeds.findIndex((b) => b.species === 'cat');
    expect(breeds.slice(0, firstCat).every((b) => b.species === 'dog')).toBe(true);
    expect(breeds.slice(firstCat).every((b) => b.species === 'cat')).toBe(true);
  });

  it('gets 400 for an unknown species and 401 without a session', async () => {
    const bad = await app.inject({ method: 'GET', url: '/v1/breeds?species=parrot', cookies });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'request.invalid', details: [{ path: 'species' }] });

    const anonymous = await app.inject({ method: 'GET', url: '/v1/breeds?species=dog' });
    expect(anonymous.statusCode).toBe(401);
  });
});
