import { Anchor, Box, Divider, Group, ScrollArea, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconActivityHeartbeat,
  IconBell,
  IconCards,
  IconClipboardHeart,
  IconDroplet,
  IconFileDescription,
  IconFileText,
  IconHeart,
  IconLungs,
  IconMoodSmile,
  IconPaw,
  IconReportMedical,
  IconSalad,
  IconScale,
  IconStethoscope,
  IconWaveSine,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { MenuLink } from '@/components/shell/menu-link.tsx';
import { MenuSection } from '@/components/shell/menu-section.tsx';
import { publicConfig } from '@/lib/config/public-config.ts';

const ICON = { size: 18, stroke: 1.7 };

/**
 * SPEC §2 "Pet layout side menu". The pet's name, owner, B2B code, family count and tint arrive with the
 * pets issue; until then the heading is a placeholder that still links to the pet.
 */
export function PetSideMenu({ petUuid }: { petUuid: string }) {
  const product = publicConfig.productName;
  const params = { uuid: petUuid };
  return (
    <Stack h="100%" gap={0}>
      <Box p="md" pb="sm">
        <Anchor
          underline="never"
          c="inherit"
          renderRoot={(props) => <Link to="/pets/$uuid" params={params} {...props} />}
          data-testid="pet-name"
        >
          <Stack gap={6}>
            <ThemeIcon size={40} radius="xl" variant="light">
              <IconPaw size={22} stroke={1.7} />
            </ThemeIcon>
            <Title order={2} fz="lg" lh={1.3}>
              Pet
            </Title>
            <Text size="xs" c="dimmed" ff="monospace" truncate="end">
              {petUuid}
            </Text>
          </Stack>
        </Anchor>
      </Box>
      <Divider />
      <ScrollArea type="scroll" style={{ flex: 1 }}>
        <Stack gap="lg" p="md">
          <Box>
            <MenuLink
              newWindow
              label="Diet Plans"
              icon={<IconSalad {...ICON} />}
              link={{ to: '/pets/$uuid/diets', params }}
            />
            <MenuLink
              newWindow
              label="Health Checkups"
              icon={<IconClipboardHeart {...ICON} />}
              link={{ to: '/pets/$uuid/checkups', params }}
            />
            <MenuLink
              newWindow
              label="Wellbeing"
              icon={<IconMoodSmile {...ICON} />}
              link={{ to: '/pets/$uuid/journal', params }}
            />
            <MenuLink
              newWindow
              label="Medical Records"
              icon={<IconFileText {...ICON} />}
              link={{ to: '/medical-records', search: { petUuid } }}
            />
            <MenuLink
              newWindow
              label="Pending Cards"
              icon={<IconCards {...ICON} />}
              link={{ to: '/pets/$uuid/pending-cards', params }}
            />
            <MenuLink
              newWindow
              label={`${product} Vet Reminders`}
              icon={<IconBell {...ICON} />}
              link={{ to: '/pets/$uuid/reminders', params }}
            />
            <MenuLink
              newWindow
              label="Respiratory Rate"
              icon={<IconLungs {...ICON} />}
              link={{ to: '/pets/$uuid/respiratory-history', params }}
            />
            <MenuLink
              newWindow
              label="Weight Tracker"
              icon={<IconScale {...ICON} />}
              link={{ to: '/pets/$uuid/weight-history', params }}
            />
            <MenuLink
              newWindow
              label="Head Itch Tracker"
              icon={<IconWaveSine {...ICON} />}
              link={{ to: '/pets/$uuid/itch-history', params }}
            />
            <MenuLink
              newWindow
              label="Drinking Tracker"
              icon={<IconDroplet {...ICON} />}
              link={{ to: '/pets/$uuid/drinking', params }}
            />
            <MenuLink
              newWindow
              label="Heart Rate"
              icon={<IconHeart {...ICON} />}
              link={{ to: '/pets/$uuid/heart-rate', params }}
            />
          </Box>
          {/* SPEC §2: 'Monthly Reports' is hidden in the product, so it is not rendered. */}
          <MenuSection title="Reports">
            <MenuLink
              newWindow
              label="Clinical Assessments"
              icon={<IconStethoscope {...ICON} />}
              link={{ to: '/pets/$uuid/clinical-assessments', params }}
            />
            <MenuLink
              newWindow
              label="Medical Reports"
              icon={<IconReportMedical {...ICON} />}
              link={{ to: '/pets/$uuid/medical-reports', params }}
            />
            <MenuLink
              newWindow
              label="Weekly Reports"
              icon={<IconFileDescription {...ICON} />}
              link={{ to: '/weekly-reports', search: { petUuid } }}
            />
          </MenuSection>
        </Stack>
      </ScrollArea>
      <Divider />
      <Group px="md" py="sm" gap={6}>
        <IconActivityHeartbeat size={14} stroke={1.7} color="var(--mantine-color-gray-5)" />
        <Text size="xs" c="dimmed" data-testid="client-version">
          Version {__APP_VERSION__}
        </Text>
      </Group>
    </Stack>
  );
}
