import { Anchor, Burger, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useAuthState } from '../../lib/auth/auth-store.ts';
import { publicConfig } from '../../lib/config/public-config.ts';
import { Logo } from '../brand/logo.tsx';
import { HeaderSearch } from '../search/search-launcher.tsx';
import { LiveIndicator } from './live-indicator.tsx';
import { UserMenu } from './user-menu.tsx';

/** The side menu's id, for the burger's `aria-controls`. */
export const NAVBAR_ID = 'side-menu';

export function AppHeader({ navOpened, onToggleNav }: { navOpened: boolean; onToggleNav: () => void }) {
  const { vet } = useAuthState();
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="md"
          size="sm"
          aria-label="Toggle navigation"
          aria-expanded={navOpened}
          aria-controls={NAVBAR_ID}
        />
        <Anchor
          underline="never"
          aria-label={`${publicConfig.productName} home`}
          renderRoot={(props) => <Link to="/" {...props} />}
        >
          <Logo />
        </Anchor>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <LiveIndicator />
        <HeaderSearch />
        {vet && <UserMenu vet={vet} />}
      </Group>
    </Group>
  );
}
