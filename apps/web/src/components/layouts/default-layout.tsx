import { Outlet } from '@tanstack/react-router';
import { DefaultSideMenu } from '../shell/default-side-menu.tsx';
import { ShellLayout } from './shell-layout.tsx';

export function DefaultLayout() {
  return (
    <ShellLayout navbar={<DefaultSideMenu />} navLabel="Main menu">
      <Outlet />
    </ShellLayout>
  );
}
