import { Alert, Badge, Group, List, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { DietWarning, Formulation, NutrientAssessment } from '@vetboard/contract';
import { countOf } from '@vetboard/contract';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import {
  energyStatus,
  energyStatusColors,
  energyStatusLabels,
  formatKcal,
  formatQuantity,
  nutrientStatusColors,
  nutrientStatusDescriptions,
  nutrientStatusLabels,
} from './diet-format.ts';

/** The diet's kcal beside the target, as a bar that fills to the target and turns red past it. */
export function EnergySummary({ formulation }: { formulation: Formulation }) {
  const { energy } = formulation;
  const status = energyStatus(energy);
  const percent = energy.percentOfTarget;
  return (
    <Stack gap="xs" data-testid="diet-energy" data-energy-status={status}>
      <Group justify="space-between" align="baseline" gap="xs">
        <Text size="sm" fw={600}>
          Daily energy
        </Text>
        <Text size="sm" data-testid="diet-energy-kcal">
          <Text span fw={700}>
            {formatKcal(energy.dietKcal)}
          </Text>
          {energy.targetKcal !== null && ` of ${formatKcal(energy.targetKcal)} target`}
          {percent !== null && ` (${Math.round(percent)}%)`}
        </Text>
      </Group>
      <Progress
        value={percent === null ? 0 : Math.min(percent, 100)}
        color={energyStatusColors[status]}
        size="lg"
        radius="sm"
        aria-label="Daily energy against the target"
        transitionDuration={200}
      />
      <Group justify="space-between" gap="xs">
        <Badge variant="light" color={energyStatusColors[status]} radius="sm" tt="none">
          {energyStatusLabels[status]}
        </Badge>
        <Text size="xs" c="dimmed">
          {formulation.totalGrams > 0 && `${formatQuantity(formulation.totalGrams)} g a day`}
        </Text>
      </Group>
      {energy.restingKcal !== null && (
        <Text size="xs" c="dimmed" data-testid="diet-energy-basis">
          Resting energy {formatKcal(energy.restingKcal)} for {formatQuantity(energy.basisWeightKg ?? 0)} kg
          {energy.factor !== null && ` × ${formatQuantity(energy.factor)}`}
          {energy.factorReason && ` (${energy.factorReason})`}
        </Text>
      )}
    </Stack>
  );
}

const limit = (value: number | null) => (value === null ? '—' : formatQuantity(value));

function NutrientRow({ nutrient }: { nutrient: NutrientAssessment }) {
  return (
    <Table.Tr data-nutrient={nutrient.key} data-status={nutrient.status}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {nutrient.label}
        </Text>
        <Text size="xs" c="dimmed">
          {formatQuantity(nutrient.dailyAmount)} {nutrient.unit} a day
        </Text>
      </Table.Td>
      <Table.Td ta="right" ff="monospace" fz="sm">
        {nutrient.per1000kcal === null ? '—' : formatQuantity(nutrient.per1000kcal)}
      </Table.Td>
      <Table.Td ta="right" ff="monospace" fz="sm" c="dimmed">
        {limit(nutrient.min)}
      </Table.Td>
      <Table.Td ta="right" ff="monospace" fz="sm" c="dimmed">
        {limit(nutrient.max)}
      </Table.Td>
      <Table.Td>
        <Badge
          variant={nutrient.status === 'ok' || nutrient.status === 'no_reference' ? 'light' : 'filled'}
          color={nutrientStatusColors[nutrient.status]}
          radius="sm"
          tt="none"
          title={nutrientStatusDescriptions[nutrient.status]}
          styles={{ label: { overflow: 'visible' } }}
        >
          {nutrientStatusLabels[nutrient.status]}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}

export function NutrientTable({ formulation }: { formulation: Formulation }) {
  return (
    <TableScroll minWidth={400} label="Nutrients">
      <Table verticalSpacing={6} striped aria-label="Nutrients" data-testid="diet-nutrients">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nutrient</Table.Th>
            <Table.Th ta="right">Per 1,000 kcal</Table.Th>
            <Table.Th ta="right">Min</Table.Th>
            <Table.Th ta="right">Max</Table.Th>
            <Table.Th w={84}>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {formulation.nutrients.map((nutrient) => (
            <NutrientRow key={nutrient.key} nutrient={nutrient} />
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

export function FormulationWarnings({ warnings }: { warnings: readonly DietWarning[] }) {
  if (warnings.length === 0) {
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />} data-testid="diet-warnings">
        Meets the chosen profile: no warnings.
      </Alert>
    );
  }
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title={countOf(warnings.length, { one: 'warning', other: 'warnings' })}
      data-testid="diet-warnings"
    >
      <List size="sm" spacing={2}>
        {warnings.map((warning) => (
          <List.Item key={warning.code}>{warning.message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** Energy, warnings and the nutrient table: the same on the read view and (computed live) in the editor. */
export function FormulationPanel({
  formulation,
  title = 'Energy and nutrients',
  note,
}: {
  formulation: Formulation;
  title?: string;
  note?: string;
}) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="formulation-panel">
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} fz="md">
            {title}
          </Title>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </Group>
        <EnergySummary formulation={formulation} />
        <FormulationWarnings warnings={formulation.warnings} />
        {formulation.calciumPhosphorusRatio !== null && (
          <Text size="sm" data-testid="diet-ca-p-ratio">
            Calcium to phosphorus ratio:{' '}
            <Text span fw={600}>
              {formatQuantity(formulation.calciumPhosphorusRatio)} : 1
            </Text>
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Amounts per 1,000 kcal of the diet, against the profile's minimum and maximum.
        </Text>
        <NutrientTable formulation={formulation} />
      </Stack>
    </Paper>
  );
}
