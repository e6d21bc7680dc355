import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import type { FamilyOwner, FamilyPetsResponse, PetResponse, PetSummary } from '@vetboard/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { familyKeys } from '@/lib/families/families.queries.ts';
import { petKeys } from '@/lib/pets/pet-keys.ts';
import { PetSideMenu } from './pet-side-menu.tsx';

const petUuid = '0190a6e4-7c1e-7b3a-9f00-00000000a001';
const familyUuid = '0190a6e4-7c1e-7b3a-9f00-00000000f001';

const summary = (uuid: string, name: string): PetSummary => ({
  uuid,
  name,
  species: 'dog',
  breedId: null,
  breedName: 'Beagle',
  sex: 'male',
  birthDate: { year: 2020, month: 1, day: 1 },
  neutered: true,
  imageUrl: null,
  familyUuid,
});

const petResponse: PetResponse = {
  petProfile: {
    ...summary(petUuid, 'Biscuit'),
    microchip: null,
    createdAt: { seconds: 1_700_000_000 },
    updatedAt: { seconds: 1_700_000_000 },
  },
  ownerHomeLocation: { city: 'Berlin', country: 'DE', timezone: 'Europe/Berlin' },
};

const regularOwner: FamilyOwner = {
  uuid: '0190a6e4-7c1e-7b3a-9f00-00000000c001',
  name: 'Emma Clarke',
  email: 'emma.clarke@example.com',
  phone: null,
  b2BCode: null,
  familyKind: 'paid',
};
const b2bOwner: FamilyOwner = { ...regularOwner, name: 'Tom Becker', b2BCode: 'PAWSURE', familyKind: 'b2b' };

function familyWith(owner: FamilyOwner, petCount: number): FamilyPetsResponse {
  return {
    family: {
      uuid: familyUuid,
      familyKind: owner.familyKind,
      owner,
      members: [],
      subscription: null,
      createdAt: { seconds: 1_700_000_000 },
    },
    pets: Array.from({ length: petCount }, (_, i) =>
      summary(`0190a6e4-7c1e-7b3a-9f00-0000000000${String(i).padStart(2, '0')}`, `Pet ${i}`),
    ),
  };
}

async function renderMenu(data: { owner?: FamilyOwner; family?: FamilyPetsResponse }) {
  // No request may leave a unit test: everything the menu reads is already cached and never stale.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(petKeys.detail(petUuid), petResponse);
  if (data.owner) queryClient.setQueryData(familyKeys.owner(familyUuid), data.owner);
  if (data.family) queryClient.setQueryData(familyKeys.pets(familyUuid), data.family);

  const rootRoute = createRootRoute({ component: () => <PetSideMenu petUuid={petUuid} /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [`/pets/${petUuid}`] }),
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return screen.findByTestId('pet-side-menu');
}

describe('PetSideMenu (SPEC §2 "Pet layout side menu")', () => {
  beforeEach(() => {
    // The router resets the scroll on every navigation, which jsdom does not implement.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });

  it('names the pet, its owner and the family count for a regular owner, untinted and without a B2B code', async () => {
    const menu = await renderMenu({ owner: regularOwner, family: familyWith(regularOwner, 3) });
    expect(menu).toHaveAttribute('data-owner-kind', 'regular');
    expect(within(menu).getByTestId('pet-name')).toHaveAttribute('href', `/pets/${petUuid}`);
    expect(within(menu).getByTestId('pet-name')).toHaveTextContent('Biscuit');
    expect(within(menu).getByTestId('pet-owner-name')).toHaveTextContent('Emma Clarke');
    const family = within(menu).getByRole('link', { name: 'Family pets: 3' });
    expect(family).toHaveAttribute('href', `/families/${familyUuid}/pets`);
    expect(within(menu).queryByTestId('owner-b2b-code')).toBeNull();
  });

  it('links the B2B code and tints the menu for a B2B owner', async () => {
    const menu = await renderMenu({ owner: b2bOwner, family: familyWith(b2bOwner, 1) });
    expect(menu).toHaveAttribute('data-owner-kind', 'b2b');
    expect(within(menu).getByRole('link', { name: 'PAWSURE' })).toHaveAttribute('href', '/b2b/PAWSURE');
    expect(within(menu).getByRole('link', { name: 'Family pets: 1' })).toBeInTheDocument();
  });

  it('opens every pet page in a new window, lists the reports without Monthly Reports, and shows the version', async () => {
    const menu = await renderMenu({ owner: regularOwner, family: familyWith(regularOwner, 3) });
    const pages: [string, string][] = [
      ['Diet Plans', `/pets/${petUuid}/diets`],
      ['Health Checkups', `/pets/${petUuid}/checkups`],
      ['Wellbeing', `/pets/${petUuid}/journal`],
      ['Medical Records', `/pets/${petUuid}/medical-records`],
      ['Pending Cards', `/pets/${petUuid}/pending-cards`],
      ['Vetboard Vet Reminders', `/pets/${petUuid}/reminders`],
      ['Respiratory Rate', `/pets/${petUuid}/respiratory-history`],
      ['Weight Tracker', `/pets/${petUuid}/weight-history`],
      ['Head Itch Tracker', `/pets/${petUuid}/itch-history`],
      ['Drinking Tracker', `/pets/${petUuid}/drinking`],
      ['Heart Rate', `/pets/${petUuid}/heart-rate`],
      ['Clinical Assessments', `/pets/${petUuid}/clinical-assessments`],
      ['Medical Reports', `/pets/${petUuid}/medical-reports`],
      ['Weekly Reports', `/weekly-reports?petUuid=${petUuid}`],
    ];
    for (const [name, href] of pages) {
      const link = within(menu).getByRole('link', { name: `${name} (opens in a new window)` });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener');
    }
    expect(within(menu).getByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(within(menu).queryByText('Monthly Reports')).toBeNull();
    expect(within(menu).getByTestId('client-version')).toHaveTextContent('Version 0.0.0-test');
  });

  it('draws skeletons, not guesses, while the owner and family are loading', async () => {
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise<Response>(() => {}));
    const menu = await renderMenu({});
    expect(menu).not.toHaveAttribute('data-owner-kind');
    expect(within(menu).queryByTestId('pet-owner-name')).toBeNull();
    expect(within(menu).queryByText(/^Family pets/)).toBeNull();
  });
});
