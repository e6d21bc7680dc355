import { Alert, Anchor, DataList, Grid, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import {
  countOf,
  type Diet,
  type DietIngredient,
  dietKindLabels,
  nutrientProfileKindLabels,
} from '@vetboard/contract';
import { currentDietPlanQueryOptions } from '@/components/diets/current-diet-plan.queries.ts';
import { DietProgressPanel } from '@/components/diets/diet-progress-panel.tsx';
import { DetailRow, DetailSection } from '@/components/layouts/detail-section.tsx';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import { formatCalendarDate } from '@/lib/format/calendar-date.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { DietActions } from './diet-actions.tsx';
import { DietStatusBadges } from './diet-badges.tsx';
import { formatAmount, formatGrams, formatKcal } from './diet-format.ts';
import { dietQueryOptions } from './diets.queries.ts';
import { FormulationPanel } from './formulation-panel.tsx';

const route = getRouteApi('/_default/diets/$uuid/');

const notSet = (
  <Text span c="dimmed" size="sm">
    Not set
  </Text>
);

function DetailsSection({ diet }: { diet: Diet }) {
  return (
    <DetailSection title="Details" testId="diet-details">
      <DataList size="sm" labelWidth={150}>
        <DetailRow label="Kind">{dietKindLabels[diet.kind]}</DetailRow>
        <DetailRow label="Nutrient profile">{nutrientProfileKindLabels[diet.nutrientProfileKind]}</DetailRow>
        <DetailRow label="Formulated on">
          {diet.formulatedOn ? formatCalendarDate(diet.formulatedOn) : notSet}
        </DetailRow>
        <DetailRow label="Next assessment">
          {diet.nextAssessmentOn ? formatCalendarDate(diet.nextAssessmentOn) : notSet}
        </DetailRow>
        <DetailRow label="Meals per day">{diet.mealsPerDay}</DetailRow>
        <DetailRow label="Created by">{diet.createdBy?.name ?? notSet}</DetailRow>
        {diet.publishedAt && <DetailRow label="Published">{formatDateTime(diet.publishedAt)}</DetailRow>}
        {/*
          One status: the PDF is always there for whoever opens it, made or remade on
          demand, so the row says when it was made, not whether it exists.
        */}
        <DetailRow label="PDF">
          <Text span size="sm" data-testid="diet-pdf-status">
            {!diet.pdf.generatedAt
              ? 'Ready: made the first time it is opened'
              : diet.pdf.upToDate
                ? `Up to date, made ${formatDateTime(diet.pdf.generatedAt)}`
                : `Remade with the changes when next opened (last made ${formatDateTime(diet.pdf.generatedAt)})`}
          </Text>
        </DetailRow>
      </DataList>
    </DetailSection>
  );
}

/** Who published the diet despite its warnings, when, which warnings (as they read then) and why. */
function AcknowledgementSection({
  acknowledgement,
}: {
  acknowledgement: NonNullable<Diet['publishAcknowledgement']>;
}) {
  const count = acknowledgement.warnings.length;
  return (
    <DetailSection title="Published despite warnings" testId="diet-acknowledgement">
      <Stack gap="sm">
        <Text size="sm" data-testid="diet-acknowledgement-by">
          {acknowledgement.by?.name ?? 'A vet'} acknowledged{' '}
          {countOf(count, { one: 'warning', other: 'warnings' })} on {formatDateTime(acknowledgement.at)}.
        </Text>
        <List size="sm" spacing={2}>
          {acknowledgement.warnings.map((warning) => (
            <List.Item key={warning.code}>{warning.message}</List.Item>
          ))}
        </List>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="diet-acknowledgement-reason">
          <Text span fw={600} size="sm">
            Reason:
          </Text>{' '}
          {acknowledgement.reason}
        </Text>
      </Stack>
    </DetailSection>
  );
}

function IngredientRow({ ingredient, mealsPerDay }: { ingredient: DietIngredient; mealsPerDay: number }) {
  return (
    <Table.Tr data-ingredient={ingredient.name}>
      <Table.Td>{ingredient.name}</Table.Td>
      <Table.Td ta="right">
        {formatAmount(ingredient.amount)} {ingredient.unit}
      </Table.Td>
      <Table.Td ta="right">{formatGrams(ingredient.grams)}</Table.Td>
      <Table.Td ta="right">{formatGrams(ingredient.grams / Math.max(mealsPerDay, 1))}</Table.Td>
      <Table.Td ta="right">{formatKcal(ingredient.kcal)}</Table.Td>
    </Table.Tr>
  );
}

function IngredientsSection({ diet }: { diet: Diet }) {
  return (
    <DetailSection title="Ingredients (daily)" testId="diet-ingredients">
      {diet.ingredients.length === 0 ? (
        <Text size="sm" c="dimmed">
          No ingredients yet.
        </Text>
      ) : (
        <TableScroll minWidth={520} label="Ingredients">
          <Table verticalSpacing={6} striped aria-label="Ingredients">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Ingredient</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th ta="right">Grams</Table.Th>
                <Table.Th ta="right">Per meal</Table.Th>
                <Table.Th ta="right">Energy</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {diet.ingredients.map((ingredient, index) => (
                <IngredientRow
                  // biome-ignore lint/suspicious/noArrayIndexKey: the same ingredient may be listed twice, and a read-only table never reorders
                  key={`${ingredient.ingredientId}-${index}`}
                  ingredient={ingredient}
                  mealsPerDay={diet.mealsPerDay}
                />
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>Total</Table.Th>
                <Table.Th />
                <Table.Th ta="right">{formatGrams(diet.formulation.totalGrams)}</Table.Th>
                <Table.Th ta="right">
                  {formatGrams(diet.formulation.totalGrams / Math.max(diet.mealsPerDay, 1))}
                </Table.Th>
                <Table.Th ta="right">{formatKcal(diet.formulation.energy.dietKcal)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </TableScroll>
      )}
    </DetailSection>
  );
}

function InstructionsSection({ diet }: { diet: Diet }) {
  return (
    <DetailSection title="Feeding instructions" testId="diet-instructions">
      {diet.feedingInstructionsRendered.trim() ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {diet.feedingInstructionsRendered}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          No feeding instructions yet.
        </Text>
      )}
    </DetailSection>
  );
}

/** `/diets/{uuid}`: the diet as the owner will get it, how it meets the pet's needs, and what to do with it. */
export function DietPage() {
  const { uuid } = route.useParams();
  const { diet } = useSuspenseQuery(dietQueryOptions(uuid)).data;
  const pet = useSuspenseQuery(petQueryOptions(diet.petUuid)).data.petProfile;
  const plan = useQuery(currentDietPlanQueryOptions(diet.petUuid));
  const isCurrent = plan.data?.dietPlan?.currentDiet?.uuid === diet.uuid;

  return (
    <Stack gap="lg" maw={1280}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={4} miw={0}>
            <Title order={1} fz={{ base: 24, sm: 28 }} data-testid="diet-title">
              {dietKindLabels[diet.kind]} diet
            </Title>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                For{' '}
                <Anchor
                  size="sm"
                  fw={600}
                  renderRoot={(props) => <Link to="/pets/$uuid" params={{ uuid: pet.uuid }} {...props} />}
                  data-testid="diet-pet-link"
                >
                  {pet.name}
                </Anchor>
                {' · '}
                <Anchor
                  size="sm"
                  renderRoot={(props) => (
                    <Link to="/pets/$uuid/diets" params={{ uuid: pet.uuid }} {...props} />
                  )}
                >
                  All diets
                </Anchor>
              </Text>
              <DietStatusBadges status={diet.status} current={isCurrent} />
            </Group>
          </Stack>
        </Group>
        <DietActions diet={diet} petName={pet.name} />
      </Stack>

      {diet.status === 'published' && (
        <Alert color="blue" variant="light" icon={<IconLock size={18} />} data-testid="diet-read-only">
          Published diets are read-only. Copy this diet to change it.
        </Alert>
      )}

      {diet.status === 'published' && (
        <DietProgressPanel petUuid={diet.petUuid} dietUuid={diet.uuid} withChart />
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <DetailsSection diet={diet} />
            {diet.publishAcknowledgement && (
              <AcknowledgementSection acknowledgement={diet.publishAcknowledgement} />
            )}
            <IngredientsSection diet={diet} />
            <InstructionsSection diet={diet} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <FormulationPanel formulation={diet.formulation} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
