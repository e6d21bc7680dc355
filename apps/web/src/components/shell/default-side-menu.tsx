import { Box, Stack } from '@mantine/core';
import {
  IconBell,
  IconBuildingSkyscraper,
  IconBuildingStore,
  IconClipboardHeart,
  IconFlask,
  IconHeartHandshake,
  IconNotebook,
  IconPhoneCall,
  IconStethoscope,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { publicConfig } from '../../lib/config/public-config.ts';
import { ExternalMenuLink, MenuLink } from './menu-link.tsx';
import { MenuSection } from './menu-section.tsx';

const ICON = { size: 18, stroke: 1.7 };
const NATIVE_SCROLL = { overflowY: 'auto', scrollbarWidth: 'thin' } as const;

/**
 * SPEC §2 "Default side menu", entry for entry. 'Vet Requests', 'Settings', 'Vet Shifts' and 'History'
 * are hidden in the product, so they are not rendered at all.
 */
export function DefaultSideMenu() {
  const product = publicConfig.productName;
  return (
    // Native scrolling: Mantine's ScrollArea measures itself on mount, forcing a layout of the whole
    // page in the middle of the first render (≈ 250 ms on a busy laptop), and is 20 KB of script.
    <Box h="100%" style={NATIVE_SCROLL}>
      <Stack gap="lg" p="md">
        <MenuSection title="Users">
          <MenuLink
            label="B2B users"
            icon={<IconBuildingStore {...ICON} />}
            link={{ to: '/users', search: { user_type: 2 } }}
          />
          <MenuLink
            label={product}
            icon={<IconUsers {...ICON} />}
            link={{ to: '/users', search: { user_type: 1 } }}
          />
          <MenuLink label="Betas" icon={<IconFlask {...ICON} />} link={{ to: '/betas' }} />
        </MenuSection>
        <MenuSection title="Vets">
          <MenuLink
            label="B2B Vets"
            icon={<IconStethoscope {...ICON} />}
            link={{ to: '/vets', search: { kind: 'b2b' } }}
          />
          <MenuLink
            label="B2B Partners"
            icon={<IconHeartHandshake {...ICON} />}
            link={{ to: '/vets', search: { kind: 'partner' } }}
          />
          <MenuLink
            label="Teammates"
            icon={<IconUsersGroup {...ICON} />}
            link={{ to: '/vets', search: { kind: product } }}
          />
        </MenuSection>
        <MenuSection title="Inbox">
          <MenuLink label="Checkups" icon={<IconClipboardHeart {...ICON} />} link={{ to: '/checkups' }} />
          <ExternalMenuLink label="Calls" href={publicConfig.callsUrl} icon={<IconPhoneCall {...ICON} />} />
          <MenuLink
            label={`${product} Vet Reminders`}
            icon={<IconBell {...ICON} />}
            link={{ to: '/reminders' }}
          />
          <MenuLink
            label="Health Symptoms Journal"
            icon={<IconNotebook {...ICON} />}
            link={{ to: '/journal' }}
          />
          <MenuLink label="B2B" icon={<IconBuildingSkyscraper {...ICON} />} link={{ to: '/b2b' }} />
        </MenuSection>
      </Stack>
    </Box>
  );
}
