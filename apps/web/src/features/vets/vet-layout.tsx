import { Box } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { ShellLayout } from '@/components/layouts/shell-layout.tsx';
import { DefaultSideMenu } from '@/components/shell/default-side-menu.tsx';

/** SPEC §2 "Layouts: vet": the default frame, with a narrower column suited to one vet's profile or form. */
export function VetLayout() {
  return (
    <ShellLayout navbar={<DefaultSideMenu />} navLabel="Main menu">
      <Box maw={880} mx="auto" data-testid="vet-frame">
        <Outlet />
      </Box>
    </ShellLayout>
  );
}
