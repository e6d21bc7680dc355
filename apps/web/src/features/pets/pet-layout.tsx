import { getRouteApi, Outlet } from '@tanstack/react-router';
import { ShellLayout } from '@/components/layouts/shell-layout.tsx';
import { PetSideMenu } from './pet-side-menu.tsx';

const route = getRouteApi('/pets/$uuid');

/** SPEC §2 "Layouts: pet": the header, and the pet's own menu instead of the default one. */
export function PetLayout() {
  const { uuid } = route.useParams();
  return (
    <ShellLayout navbar={<PetSideMenu petUuid={uuid} />} navLabel="Pet menu">
      <Outlet />
    </ShellLayout>
  );
}
