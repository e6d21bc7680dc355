import {
  Anchor,
  Badge,
  Card,
  DataList,
  EmptyState,
  Grid,
  Group,
  type MantineColor,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPaw } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import {
  type Family,
  type FamilyKind,
  familyKindLabels,
  type PetSummary,
  petSexLabels,
  speciesLabels,
} from '@vetboard/contract';
import { DetailSection } from '@/components/layouts/detail-section.tsx';
import { PetAvatar } from '@/components/pets/pet-avatar.tsx';
import { SubscriptionSummary } from '@/components/pets/subscription-summary.tsx';
import { familyPetsQueryOptions } from '@/lib/families/families.queries.ts';
import { petAgeLabel } from '@/lib/format/pet-age.ts';
import classes from './family-pets-page.module.css';

const route = getRouteApi('/_default/families/$uuid/pets');

const kindColors: Record<FamilyKind, MantineColor> = {
  internal: 'gray',
  paid: 'teal',
  beta: 'blue',
  b2b: 'violet',
  unspecified: 'gray',
};

export function FamilyKindBadge({ kind }: { kind: FamilyKind }) {
  return (
    <Badge color={kindColors[kind]} variant="light" radius="sm" tt="none" size="lg" data-testid="family-kind">
      {familyKindLabels[kind]}
    </Badge>
  );
}

function OwnerSection({ owner }: { owner: Family['owner'] }) {
  if (!owner) {
    return (
      <DetailSection h="100%" title="Owner" testId="family-owner">
        <Text size="sm" c="dimmed">
          This family has no owner on record.
        </Text>
      </DetailSection>
    );
  }
  return (
    <DetailSection h="100%" title="Owner" testId="family-owner">
      <DataList size="sm" labelWidth={90}>
        <DataList.Item>
          <DataList.ItemLabel>Name</DataList.ItemLabel>
          <DataList.ItemValue>{owner.name}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>E-mail</DataList.ItemLabel>
          <DataList.ItemValue>
            <Anchor size="sm" href={`mailto:${owner.email}`}>
              {owner.email}
            </Anchor>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Phone</DataList.ItemLabel>
          <DataList.ItemValue>
            {owner.phone ? (
              <Anchor size="sm" href={`tel:${owner.phone}`}>
                {owner.phone}
              </Anchor>
            ) : (
              <Text span size="sm" c="dimmed">
                Not recorded
              </Text>
            )}
          </DataList.ItemValue>
        </DataList.Item>
        {owner.b2BCode && (
          <DataList.Item>
            <DataList.ItemLabel>B2B code</DataList.ItemLabel>
            <DataList.ItemValue>
              <Anchor
                size="sm"
                fw={600}
                renderRoot={(props) => (
                  <Link to="/b2b/$sku" params={{ sku: owner.b2BCode ?? '' }} {...props} />
                )}
                data-testid="family-b2b-code"
              >
                {owner.b2BCode}
              </Anchor>
            </DataList.ItemValue>
          </DataList.Item>
        )}
      </DataList>
    </DetailSection>
  );
}

function MembersSection({ members }: { members: Family['members'] }) {
  return (
    <DetailSection h="100%" title="Members" testId="family-members">
      {members.length === 0 ? (
        <Text size="sm" c="dimmed">
          No members
        </Text>
      ) : (
        <Stack gap="sm">
          {members.map((member) => (
            <Stack key={member.uuid} gap={2}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={600} truncate="end">
                  {member.name}
                </Text>
                {member.isOwner && (
                  <Badge size="xs" variant="light" radius="sm" tt="none">
                    Owner
                  </Badge>
                )}
              </Group>
              <Group gap="xs" wrap="wrap">
                <Anchor size="sm" href={`mailto:${member.email}`}>
                  {member.email}
                </Anchor>
                {member.phone && (
                  <Anchor size="sm" c="dimmed" href={`tel:${member.phone}`}>
                    {member.phone}
                  </Anchor>
                )}
              </Group>
            </Stack>
          ))}
        </Stack>
      )}
    </DetailSection>
  );
}

function PetCard({ pet }: { pet: PetSummary }) {
  return (
    <Card
      withBorder
      padding="lg"
      className={classes.petCard}
      renderRoot={(props) => <Link to="/pets/$uuid" params={{ uuid: pet.uuid }} {...props} />}
      data-testid="family-pet"
    >
      <Group wrap="nowrap" gap="md" align="flex-start">
        <PetAvatar pet={pet} size={56} />
        <Stack gap={2} miw={0}>
          <Text fw={700} fz="lg" truncate="end">
            {pet.name}
          </Text>
          <Text size="sm" c="dimmed" truncate="end">
            {pet.breedName ?? `${speciesLabels[pet.species]}, breed not recorded`}
          </Text>
          <Text size="sm">
            {petSexLabels[pet.sex]} · {petAgeLabel(pet.birthDate, undefined)}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** `/families/{uuid}/pets`: who the family is (kind, owner, members, subscription) and its pets. */
export function FamilyPetsPage() {
  const { uuid } = route.useParams();
  const { family, pets } = useSuspenseQuery(familyPetsQueryOptions(uuid)).data;
  const title = family.owner ? `${family.owner.name}'s family` : 'Family';

  return (
    <Stack gap="lg" maw={1200}>
      <Group gap="sm" align="center">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        <FamilyKindBadge kind={family.familyKind} />
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
          <OwnerSection owner={family.owner} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
          <DetailSection h="100%" title="Subscription" testId="family-subscription">
            <SubscriptionSummary subscription={family.subscription} />
          </DetailSection>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <MembersSection members={family.members} />
        </Grid.Col>
      </Grid>

      <Stack gap="sm">
        <Title order={2} fz="lg">
          Pets ({pets.length})
        </Title>
        {pets.length === 0 ? (
          <Paper withBorder p="xl">
            <EmptyState
              icon={<IconPaw size={28} stroke={1.6} />}
              title="No pets yet"
              description="Pets this family adds in the app appear here."
              data-testid="family-pets-empty"
            />
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {pets.map((pet) => (
              <PetCard key={pet.uuid} pet={pet} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}
