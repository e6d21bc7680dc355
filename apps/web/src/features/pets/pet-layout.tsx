import { Skeleton, Stack } from '@mantine/core';
import { getRouteApi, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ShellLayout } from '@/components/layouts/shell-layout.tsx';
import { PetSideMenu } from './pet-side-menu.tsx';

const route = getRouteApi('/pets/$uuid');

function PetFrame({ children }: { children: ReactNode }) {
  const { uuid } = route.useParams();
  return (
    <ShellLayout navbar={<PetSideMenu petUuid={uuid} />} navLabel="Pet menu">
      {children}
    </ShellLayout>
  );
}

/** SPEC §2 "Layouts: pet": the header, and the pet's own menu instead of the default one. */
export function PetLayout() {
  return (
    <PetFrame>
      <Outlet />
    </PetFrame>
  );
}

/** While a pet loads the frame is already there, with its menu and page drawn as skeletons. */
export function PetLayoutPending() {
  return (
    <PetFrame>
      <Stack gap="lg" maw={1200} role="status" aria-busy="true" aria-label="Loading">
        <Skeleton height={36} width={260} />
        <Skeleton height={180} />
        <Skeleton height={260} />
      </Stack>
    </PetFrame>
  );
}
