import { expect, type Page } from '@playwright/test';

export interface FoundPet {
  uuid: string;
  familyUuid: string;
  name: string;
}

interface SearchHit {
  type: 'pet' | 'owner' | 'vet';
  uuid: string;
  title: string;
  familyUuid: string | null;
}

/**
 * Finds a seeded pet by its exact name through `/v1/search`, with the logged-in page's session. The
 * showcase names (Luna, Milo, Pepper, Biscuit) are unique in the demo data.
 */
export async function findPet(page: Page, name: string): Promise<FoundPet> {
  const response = await page.request.get(`/v1/search?q=${encodeURIComponent(name)}`);
  expect(response.status(), `GET /v1/search?q=${name}`).toBe(200);
  const { results } = (await response.json()) as { results: SearchHit[] };
  const hit = results.find((result) => result.type === 'pet' && result.title === name);
  expect(hit, `a pet named ${name} in the search results`).toBeDefined();
  const pet = hit as SearchHit;
  const detail = await page.request.get(`/v1/pets/${pet.uuid}`);
  expect(detail.status()).toBe(200);
  const { petProfile } = (await detail.json()) as { petProfile: { familyUuid: string } };
  return { uuid: pet.uuid, familyUuid: petProfile.familyUuid, name };
}
