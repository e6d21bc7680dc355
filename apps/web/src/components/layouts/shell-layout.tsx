import '@/styles/shell-styles.ts';
import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { useLocation, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useDeferredValue, useEffect, useState } from 'react';
import { useLiveUpdates } from '../../lib/live/use-live-updates.ts';
import { AppHeader, NAVBAR_ID } from '../shell/app-header.tsx';
import classes from './shell-layout.module.css';

const MAIN_ID = 'main-content';

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
  // Assistive technology (and the browser tests) learn that the page is being replaced.
  const loading = useRouterState({ select: (state) => state.isLoading });
  useLiveUpdates();
  // The side menu (dozens of links) is drawn just after the page, in a render React may pause for a
  // click or a paint: drawn with the page, it lengthened the first load's longest task (on a phone,
  // where it is folded away, by a third).
  const menuReady = useDeferredValue(true, false);
  // Below 992 px the menu is folded away until the burger opens it: drawn anyway, its dozens of links
  // were main-thread work on every phone's first load for a menu no one sees yet (with the selects'
  // hidden lists, 17 % of a cold list page's CPU at ×4). Drawn at the first opening, then kept, so
  // folding it again is only a slide.
  const folding = useMediaQuery('(max-width: 61.99em)', undefined, { getInitialValueInEffect: false });
  const [menuOpenedOnce, setMenuOpenedOnce] = useState(false);
  if (navOpened && !menuOpenedOnce) setMenuOpenedOnce(true);
  const drawMenu = folding ? menuOpenedOnce : menuReady;

  // On a phone the open menu covers the page; following one of its links should reveal the page.
  useEffect(() => {
    if (href) close();
  }, [href, close]);

  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape' && navOpened) close();
  });

  return (
    <>
      {/* WCAG 2.4.1: the first Tab stop jumps over the header and the menu to the page itself. */}
      <a
        href={`#${MAIN_ID}`}
        className={classes.skipLink}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        Skip to content
      </a>
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
          id={NAVBAR_ID}
          withBorder
          aria-label={navLabel}
          className={classes.navbar}
          mod={{ folded: !navOpened }}
        >
          {drawMenu ? navbar : null}
        </AppShell.Navbar>
        <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main} aria-busy={loading || undefined}>
          {children}
        </AppShell.Main>
      </AppShell>
    </>
  );
}
