import {
  Alert,
  Anchor,
  Badge,
  Button,
  DataList,
  Grid,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconPencil, IconShieldCheck, IconTimeline } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import {
  activityLevelLabels,
  type HealthProfile,
  type OwnerHomeLocation,
  type PetProfile,
  petSexLabels,
  speciesLabels,
} from '@vetboard/contract';
import { lazy, Suspense, useState } from 'react';
import { DetailRow, DetailSection } from '@/components/layouts/detail-section.tsx';
import { DrawnLater } from '@/components/layouts/drawn-later.tsx';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import { PetAvatar } from '@/components/pets/pet-avatar.tsx';
import { SubscriptionSummary } from '@/components/pets/subscription-summary.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { familyOwnerQueryOptions, familyPetsQueryOptions } from '@/lib/families/families.queries.ts';
import { formatCalendarDate } from '@/lib/format/calendar-date.ts';
import { booleanLabel, countryName } from '@/lib/format/labels.ts';
import { petAgeLabel } from '@/lib/format/pet-age.ts';
import { petHealthProfileQueryOptions, petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { NeedsAttention } from './needs-attention.tsx';
import { PetAlertsSection } from './pet-alerts.tsx';
import { PetCareSections } from './pet-care-sections.tsx';
import { VitalsPanel } from './vitals-panel.tsx';

// The edit form (date picker, number inputs, form state) is not needed to read the profile: it loads
// when the vet first opens it.
const PetEditDrawer = lazy(() =>
  import('./pet-edit-drawer.tsx').then((module) => ({ default: module.PetEditDrawer })),
);

const route = getRouteApi('/pets/$uuid/');

const notRecorded = (
  <Text span c="dimmed" size="sm">
    Not recorded
  </Text>
);

function LoadFailed({ error, what }: { error: unknown; what: string }) {
  return (
    <Alert color="red" variant="light" title={`Could not load ${what}`}>
      {errorMessage(error)}
    </Alert>
  );
}

/** Allergies sit above everything else: the one fact a vet must not miss before advising on food. */
function Allergies({ allergies }: { allergies: string[] }) {
  if (allergies.length === 0) {
    return (
      <Alert color="gray" variant="light" icon={<IconShieldCheck size={20} />} data-testid="pet-allergies">
        No known allergies
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title="Allergies"
      data-testid="pet-allergies"
    >
      <Group gap={6}>
        {allergies.map((allergy) => (
          <Badge key={allergy} color="red" variant="filled" radius="sm" tt="none" size="lg">
            {allergy}
          </Badge>
        ))}
      </Group>
    </Alert>
  );
}

function ProfileSection({ pet, location }: { pet: PetProfile; location: OwnerHomeLocation }) {
  return (
    <DetailSection title="Profile" testId="pet-profile-card">
      <DataList size="sm" labelWidth={130}>
        <DetailRow label="Species">{speciesLabels[pet.species]}</DetailRow>
        <DetailRow label="Breed">{pet.breedName ?? notRecorded}</DetailRow>
        <DetailRow label="Sex">{petSexLabels[pet.sex]}</DetailRow>
        <DetailRow label="Age">{petAgeLabel(pet.birthDate, location.timezone)}</DetailRow>
        <DetailRow label="Birth date">
          {pet.birthDate ? formatCalendarDate(pet.birthDate) : notRecorded}
        </DetailRow>
        <DetailRow label="Neutered">{booleanLabel(pet.neutered)}</DetailRow>
        <DetailRow label="Microchip">
          {pet.microchip ? (
            <Text span ff="monospace" size="sm">
              {pet.microchip}
            </Text>
          ) : (
            notRecorded
          )}
        </DetailRow>
      </DataList>
    </DetailSection>
  );
}

const kg = (value: number | null) => (value === null ? notRecorded : `${value} kg`);

function HealthSection({ health, petUuid }: { health: HealthProfile; petUuid: string }) {
  return (
    <DetailSection title="Health profile" testId="pet-health-card">
      <Stack gap="md">
        <DataList size="sm" labelWidth={130}>
          <DetailRow label="Conditions">
            {health.conditions.length === 0 ? (
              <Text span size="sm">
                None known
              </Text>
            ) : (
              <Group gap={6}>
                {health.conditions.map((condition) => (
                  <Badge
                    key={condition}
                    variant="light"
                    color="orange"
                    radius="sm"
                    tt="none"
                    h="auto"
                    py={3}
                    maw="100%"
                    styles={{ label: { whiteSpace: 'normal' } }}
                  >
                    {condition}
                  </Badge>
                ))}
              </Group>
            )}
          </DetailRow>
          <DetailRow label="Activity level">
            {health.activityLevel ? activityLevelLabels[health.activityLevel] : notRecorded}
          </DetailRow>
          <DetailRow label="Body condition">
            {health.bodyConditionScore === null ? notRecorded : `${health.bodyConditionScore}/9`}
          </DetailRow>
          <DetailRow label="Weight">{kg(health.weightKg)}</DetailRow>
          <DetailRow label="Target weight">{kg(health.targetWeightKg)}</DetailRow>
        </DataList>
        <div>
          <Group justify="space-between" gap="xs" mb={6}>
            <Text size="sm" fw={600}>
              Medications
            </Text>
            {/* The prescriptions' page: reached from here, since SPEC §2 lists the pet menu's links. */}
            <Anchor
              size="xs"
              renderRoot={(props) => (
                <Link to="/pets/$uuid/medications" params={{ uuid: petUuid }} {...props} />
              )}
              data-testid="pet-prescriptions-link"
            >
              Prescriptions
            </Anchor>
          </Group>
          {health.medications.length === 0 ? (
            <Text size="sm" c="dimmed">
              No current medications
            </Text>
          ) : (
            <TableScroll minWidth={300} label="Current medications">
              <Table striped withTableBorder verticalSpacing={6} data-testid="pet-medications">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Dose</Table.Th>
                    <Table.Th>Frequency</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {health.medications.map((medication, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the same medicine may be listed twice at different doses
                    <Table.Tr key={index}>
                      <Table.Td>{medication.name}</Table.Td>
                      <Table.Td>{medication.dose || '—'}</Table.Td>
                      <Table.Td>{medication.frequency || '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )}
        </div>
        {health.updatedBy && (
          <Text size="xs" c="dimmed">
            Last updated by {health.updatedBy.name}
          </Text>
        )}
      </Stack>
    </DetailSection>
  );
}

function OwnerSection({ pet, location }: { pet: PetProfile; location: OwnerHomeLocation }) {
  const owner = useQuery(familyOwnerQueryOptions(pet.familyUuid));
  const place = [location.city, countryName(location.country)].filter(Boolean).join(', ');
  return (
    <DetailSection title="Owner and home" testId="pet-owner-card">
      <DataList size="sm" labelWidth={100}>
        <DetailRow label="Owner">
          {owner.data ? (
            <Anchor
              size="sm"
              renderRoot={(props) => (
                <Link to="/families/$uuid/pets" params={{ uuid: pet.familyUuid }} {...props} />
              )}
            >
              {owner.data.name}
            </Anchor>
          ) : owner.isError ? (
            <Text span size="sm" c="dimmed">
              Unavailable
            </Text>
          ) : (
            <Skeleton height={14} width={120} />
          )}
        </DetailRow>
        {owner.data && (
          <DetailRow label="E-mail">
            <Anchor size="sm" href={`mailto:${owner.data.email}`}>
              {owner.data.email}
            </Anchor>
          </DetailRow>
        )}
        {owner.data?.phone && (
          <DetailRow label="Phone">
            <Anchor size="sm" href={`tel:${owner.data.phone}`}>
              {owner.data.phone}
            </Anchor>
          </DetailRow>
        )}
        <DetailRow label="Home">{place || notRecorded}</DetailRow>
        <DetailRow label="Timezone">{location.timezone}</DetailRow>
      </DataList>
    </DetailSection>
  );
}

function SubscriptionSection({ familyUuid }: { familyUuid: string }) {
  const family = useQuery(familyPetsQueryOptions(familyUuid));
  return (
    <DetailSection title="Subscription" testId="pet-subscription-card">
      {family.data ? (
        <SubscriptionSummary subscription={family.data.family.subscription} />
      ) : family.isError ? (
        <LoadFailed error={family.error} what="the subscription" />
      ) : (
        <Skeleton height={80} />
      )}
    </DetailSection>
  );
}

/** `/pets/{uuid}`: everything the product knows about the pet, and its edit form. */
export function PetProfilePage() {
  const { uuid } = route.useParams();
  const { petProfile: pet, ownerHomeLocation: location } = useSuspenseQuery(petQueryOptions(uuid)).data;
  const health = useQuery(petHealthProfileQueryOptions(uuid));
  const [editing, edit] = useDisclosure(false);
  // Stays mounted once opened, so closing it animates like any drawer.
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  if (editing && !drawerLoaded) setDrawerLoaded(true);
  const summary = [speciesLabels[pet.species], pet.breedName, petAgeLabel(pet.birthDate, location.timezone)]
    .filter(Boolean)
    .join(' · ');

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="center" gap="md">
        <Group gap="md" wrap="nowrap" miw={0}>
          <PetAvatar pet={pet} size={64} />
          <Stack gap={2} miw={0}>
            <Title order={1} fz={{ base: 24, sm: 28 }} data-testid="pet-profile-name">
              {pet.name}
            </Title>
            <Text c="dimmed" size="sm">
              {summary}
            </Text>
          </Stack>
        </Group>
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconTimeline size={16} aria-hidden />}
            renderRoot={(props) => <Link to="/pets/$uuid/timeline" params={{ uuid }} {...props} />}
            data-testid="pet-timeline-link"
          >
            Timeline
          </Button>
          <Button leftSection={<IconPencil size={16} />} onClick={edit.open} disabled={health.isPending}>
            Edit
          </Button>
        </Group>
      </Group>

      <PetAlertsSection petUuid={uuid} />
      {health.data ? (
        <Allergies allergies={health.data.healthProfile.allergies} />
      ) : health.isError ? (
        <LoadFailed error={health.error} what="the health profile" />
      ) : (
        <Skeleton height={56} />
      )}

      <NeedsAttention petUuid={uuid} />

      {/* The header and allergies first, then the vitals, then the cards: three commits, not one. */}
      <DrawnLater>
        <VitalsPanel petUuid={uuid} />
      </DrawnLater>

      <DrawnLater turns={2}>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="lg">
              <ProfileSection pet={pet} location={location} />
              {health.data ? (
                <HealthSection health={health.data.healthProfile} petUuid={uuid} />
              ) : (
                !health.isError && <Skeleton height={260} />
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="lg">
              <OwnerSection pet={pet} location={location} />
              <SubscriptionSection familyUuid={pet.familyUuid} />
              <PetCareSections petUuid={uuid} timezone={location.timezone} />
            </Stack>
          </Grid.Col>
        </Grid>
      </DrawnLater>

      {drawerLoaded && (
        <Suspense fallback={null}>
          <PetEditDrawer
            opened={editing}
            onClose={edit.close}
            pet={pet}
            health={health.data?.healthProfile}
          />
        </Suspense>
      )}
    </Stack>
  );
}
