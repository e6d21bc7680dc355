import { Anchor, Box, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconActivityHeartbeat,
  IconBell,
  IconBuildingSkyscraper,
  IconCards,
  IconClipboardHeart,
  IconDroplet,
  IconFileDescription,
  IconFileText,
  IconHeart,
  IconLungs,
  IconMoodSmile,
  IconReportMedical,
  IconSalad,
  IconScale,
  IconStethoscope,
  IconUser,
  IconUsers,
  IconWaveSine,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { FamilyOwner } from '@vetboard/contract';
import { CardSeverityBadge } from '@/components/pending-cards/pending-card-cells.tsx';
import { PetAvatar } from '@/components/pets/pet-avatar.tsx';
import { MenuLink } from '@/components/shell/menu-link.tsx';
import { MenuSection } from '@/components/shell/menu-section.tsx';
import { publicConfig } from '@/lib/config/public-config.ts';
import { familyOwnerQueryOptions, familyPetsQueryOptions } from '@/lib/families/families.queries.ts';
import { petAttentionQueryOptions } from '@/lib/pets/pet-attention.queries.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { PetAlertBadges } from './pet-alert-badges.tsx';
import classes from './pet-side-menu.module.css';

const ICON = { size: 18, stroke: 1.7 };

export type OwnerKind = 'b2b' | 'regular';

/** A B2B company's customer: a B2B family, or an owner carrying a company code. */
export function ownerKindOf(owner: FamilyOwner): OwnerKind {
  return owner.familyKind === 'b2b' || owner.b2BCode ? 'b2b' : 'regular';
}

/** The pet, then its owner and family as soon as the pet names them: the route loader has usually fetched all three. */
function usePetWithFamily(petUuid: string) {
  const pet = useQuery(petQueryOptions(petUuid));
  const familyUuid = pet.data?.petProfile.familyUuid;
  const owner = useQuery({ ...familyOwnerQueryOptions(familyUuid ?? ''), enabled: Boolean(familyUuid) });
  const family = useQuery({ ...familyPetsQueryOptions(familyUuid ?? ''), enabled: Boolean(familyUuid) });
  return { pet, owner, family };
}

/**
 * The pet's most severe open card, on every page of the pet (issue #39 §2); nothing while it loads or
 * when none is open. A badge, not a link: SPEC §2 lists the menu's links, and the profile's "Needs
 * attention" lists the cards.
 */
function OpenSeverity({ petUuid }: { petUuid: string }) {
  const attention = useQuery(petAttentionQueryOptions(petUuid));
  const severity = attention.data?.highestSeverity;
  if (!severity) return null;
  return (
    <Box w="fit-content" title="The pet’s most severe open pending card" data-testid="pet-open-severity">
      <CardSeverityBadge severity={severity} />
    </Box>
  );
}

function PetIdentity({
  petUuid,
  pet,
  owner,
  family,
}: { petUuid: string } & ReturnType<typeof usePetWithFamily>) {
  const profile = pet.data?.petProfile;
  const familyUuid = profile?.familyUuid;

  return (
    <Stack gap={6} p="md" pb="sm">
      {profile ? (
        <Group gap="sm" wrap="nowrap">
          <PetAvatar pet={profile} size={40} />
          <Anchor
            underline="hover"
            c="inherit"
            miw={0}
            renderRoot={(props) => <Link to="/pets/$uuid" params={{ uuid: petUuid }} {...props} />}
            data-testid="pet-name"
          >
            <Title order={2} fz="lg" lh={1.3} lineClamp={2}>
              {profile.name}
            </Title>
          </Anchor>
        </Group>
      ) : (
        <Group gap="sm" wrap="nowrap" role="status" aria-busy="true" aria-label="Loading the pet">
          <Skeleton circle height={40} />
          <Skeleton height={20} width="60%" />
        </Group>
      )}
      <OpenSeverity petUuid={petUuid} />
      <PetAlertBadges petUuid={petUuid} petName={profile?.name ?? 'The pet'} />
      {owner.data ? (
        <Group gap={6} wrap="nowrap">
          <IconUser size={14} stroke={1.7} color="var(--mantine-color-gray-6)" style={{ flexShrink: 0 }} />
          <Text size="sm" fw={500} truncate="end" data-testid="pet-owner-name">
            {owner.data.name}
          </Text>
        </Group>
      ) : owner.isError ? (
        <Text size="sm" c="dimmed">
          Owner unavailable
        </Text>
      ) : (
        <Skeleton height={14} width="50%" />
      )}
      {owner.data?.b2BCode && (
        <Group gap={6} wrap="nowrap">
          <IconBuildingSkyscraper
            size={14}
            stroke={1.7}
            color="var(--mantine-color-violet-6)"
            style={{ flexShrink: 0 }}
          />
          <Text size="sm" c="dimmed">
            B2B code
          </Text>
          <Anchor
            size="sm"
            fw={600}
            c="violet.8"
            renderRoot={(props) => (
              <Link to="/b2b/$sku" params={{ sku: owner.data.b2BCode ?? '' }} {...props} />
            )}
            data-testid="owner-b2b-code"
          >
            {owner.data.b2BCode}
          </Anchor>
        </Group>
      )}
      {family.data && familyUuid ? (
        <Group gap={6} wrap="nowrap">
          <IconUsers size={14} stroke={1.7} color="var(--mantine-color-gray-6)" style={{ flexShrink: 0 }} />
          <Anchor
            size="sm"
            renderRoot={(props) => (
              <Link to="/families/$uuid/pets" params={{ uuid: familyUuid }} {...props} />
            )}
            data-testid="family-pets-link"
          >
            Family pets: {family.data.pets.length}
          </Anchor>
        </Group>
      ) : family.isError ? null : (
        <Skeleton height={14} width="40%" />
      )}
    </Stack>
  );
}

/**
 * SPEC §2 "Pet layout side menu": who the pet is and whose (tinted for a B2B owner), then its pages,
 * each opened in a new window so the pet stays open here, then the reports and the client version.
 */
export function PetSideMenu({ petUuid }: { petUuid: string }) {
  const product = publicConfig.productName;
  const params = { uuid: petUuid };
  const data = usePetWithFamily(petUuid);
  const owner = data.owner.data;
  return (
    <Stack
      h="100%"
      gap={0}
      className={classes.menu}
      data-owner-kind={owner ? ownerKindOf(owner) : undefined}
      data-testid="pet-side-menu"
    >
      <PetIdentity petUuid={petUuid} {...data} />
      <Divider />
      {/* Native scrolling, as the default side menu: a ScrollArea forces a layout during the first render. */}
      <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto', scrollbarWidth: 'thin' }}>
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
              link={{ to: '/pets/$uuid/medical-records', params }}
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
      </Box>
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
