import { ActionIcon, Button, Kbd } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useState } from 'react';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
export const SEARCH_SHORTCUT_LABEL = isMac ? '⌘ K' : 'Ctrl K';

// The search dialog (Spotlight, its modal and results) is not part of any page's first download:
// it loads the first time the vet asks for it.
const loadGlobalSearch = () => import('./global-search.tsx');
const GlobalSearch = lazy(() => loadGlobalSearch().then((module) => ({ default: module.GlobalSearch })));

/**
 * The header's way in: a labelled button with the shortcut on wider screens, an icon on a phone.
 * Until the dialog has loaded, this component answers Ctrl/Cmd+K; afterwards the dialog does.
 */
export function HeaderSearch() {
  const [loaded, setLoaded] = useState(false);
  const open = useCallback(() => {
    void loadGlobalSearch().then((module) => {
      setLoaded(true);
      module.openGlobalSearch();
    });
  }, []);
  useHotkeys(loaded ? [] : [['mod+K', open]]);

  return (
    <>
      <Button
        variant="default"
        c="dimmed"
        fw={500}
        visibleFrom="sm"
        leftSection={<IconSearch size={16} stroke={1.8} />}
        rightSection={<Kbd size="xs">{SEARCH_SHORTCUT_LABEL}</Kbd>}
        onClick={open}
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="search-button"
      >
        Search
      </Button>
      <ActionIcon variant="default" size="lg" hiddenFrom="sm" aria-label="Search" onClick={open}>
        <IconSearch size={18} stroke={1.8} />
      </ActionIcon>
      {loaded && (
        <Suspense fallback={null}>
          <GlobalSearch />
        </Suspense>
      )}
    </>
  );
}
