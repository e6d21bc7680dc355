import '@/styles/shell-styles.ts';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useLocation } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useLiveUpdates } from '../../lib/live/use-live-updates.ts';
import { AppHeader } from '../shell/app-header.tsx';
import classes from './shell-layout.module.css';

/**
 * The frame shared by the signed-in layouts: header on top, a side menu that folds behind a burger
 * below 992 px (SPEC §9 "sidebar 991 px"), and tighter spacing on phones (SPEC §9 "mobile 767 px").
 */
export function ShellLayout({
  navbar,
  navLabel,
  children,
}: {
  navbar: ReactNode;
  navLabel: string;
  children: ReactNode;
}) {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const href = useLocation({ select: (location) => location.href });
  useLiveUpdates();

  // On a phone the open menu covers the page; following one of its links should reveal the page.
  useEffect(() => {
    if (href) close();
  }, [href, close]);

  return (
    <AppShell
      header={{ height: { base: 56, sm: 64 } }}
      navbar={{ width: 272, breakpoint: 'md', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'sm', sm: 'lg', lg: 'xl' }}
      bg="gray.0"
    >
      <AppShell.Header withBorder>
        <AppHeader navOpened={navOpened} onToggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar
        withBorder
        aria-label={navLabel}
        className={classes.navbar}
        mod={{ folded: !navOpened }}
      >
        {navbar}
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
