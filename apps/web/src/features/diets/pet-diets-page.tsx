import { Alert, Anchor, Button, EmptyState, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconBowl, IconPlus } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { type DietSummary, dietKindLabels, nutrientProfileKindLabels } from '@vetboard/contract';
import { currentDietPlanQueryOptions } from '@/components/diets/current-diet-plan.queries.ts';
import { ListPageHeader } from '@/components/lists/list-page-header.tsx';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatCalendarDate } from '@/lib/format/calendar-date.ts';
import { formatDay } from '@/lib/format/dates.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { DietStatusBadges } from './diet-badges.tsx';
import { dietListQueryOptions } from './diets.queries.ts';

const route = getRouteApi('/pets/$uuid/diets/');

const dash = (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

function NewDietButton({ petUuid }: { petUuid: string }) {
  return (
    <Button
      leftSection={<IconPlus size={16} />}
      renderRoot={(props) => <Link to="/pets/$uuid/diets/new" params={{ uuid: petUuid }} {...props} />}
    >
      New diet
    </Button>
  );
}

function DietRow({ diet, current }: { diet: DietSummary; current: boolean }) {
  return (
    <Table.Tr data-diet-uuid={diet.uuid} data-current={current || undefined}>
      <Table.Td>
        <DietStatusBadges status={diet.status} current={current} />
      </Table.Td>
      <Table.Td>
        <Anchor
          fw={600}
          size="sm"
          renderRoot={(props) => <Link to="/diets/$uuid" params={{ uuid: diet.uuid }} {...props} />}
        >
          {dietKindLabels[diet.kind]}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{nutrientProfileKindLabels[diet.nutrientProfileKind]}</Text>
      </Table.Td>
      <Table.Td>{diet.formulatedOn ? formatCalendarDate(diet.formulatedOn) : dash}</Table.Td>
      <Table.Td>{diet.nextAssessmentOn ? formatCalendarDate(diet.nextAssessmentOn) : dash}</Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {formatDay(diet.updatedAt)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** `/pets/{uuid}/diets`: every diet formulated for the pet, newest first, the current one marked. */
export function PetDietsPage() {
  const { uuid } = route.useParams();
  const pet = useSuspenseQuery(petQueryOptions(uuid)).data.petProfile;
  const diets = useQuery(dietListQueryOptions(uuid));
  const plan = useQuery(currentDietPlanQueryOptions(uuid));
  const currentUuid = plan.data?.dietPlan?.currentDiet?.uuid ?? null;

  return (
    <Stack gap="lg" maw={1200}>
      <ListPageHeader
        title="Diet plans"
        description={`Diets formulated for ${pet.name}, newest first.`}
        actions={<NewDietButton petUuid={uuid} />}
      />
      <Paper withBorder>
        {diets.isError ? (
          <Alert color="red" variant="light" title="Could not load the diets" m="md">
            {errorMessage(diets.error)}
          </Alert>
        ) : diets.data && diets.data.diets.length === 0 ? (
          <EmptyState
            py={48}
            px="md"
            icon={<IconBowl size={28} stroke={1.5} />}
            withIndicatorBackground
            title="No diets yet"
            description={`Formulate ${pet.name}'s first diet: choose the kind, then add ingredients.`}
            data-testid="diets-empty"
          >
            <EmptyState.Actions>
              <NewDietButton petUuid={uuid} />
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <TableScroll minWidth={720} label="Diets">
            <Table
              verticalSpacing="sm"
              highlightOnHover
              aria-label="Diets"
              aria-busy={diets.isPending || undefined}
              data-testid="diets-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Nutrient profile</Table.Th>
                  <Table.Th>Formulated</Table.Th>
                  <Table.Th>Next assessment</Table.Th>
                  <Table.Th>Last changed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {diets.data
                  ? diets.data.diets.map((diet) => (
                      <DietRow key={diet.uuid} diet={diet} current={diet.uuid === currentUuid} />
                    ))
                  : [0, 1, 2].map((row) => (
                      <Table.Tr key={row} data-testid="skeleton-row">
                        <Table.Td colSpan={6}>
                          <Skeleton height={20} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Paper>
    </Stack>
  );
}
