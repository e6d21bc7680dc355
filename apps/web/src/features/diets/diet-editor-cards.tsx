import {
  ActionIcon,
  Alert,
  Box,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type Formulation,
  type Ingredient,
  type IngredientCategory,
  ingredientLine,
  type Unit,
} from '@vetboard/contract';
import { useMemo, useState } from 'react';
import { DetailSection } from '@/components/layouts/detail-section.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import {
  type DietFormValues,
  dietKindOptions,
  feedingInstructionsPreview,
  MAX_DIET_INGREDIENTS,
  MAX_FEEDING_INSTRUCTIONS,
  moveRow,
  newRowKey,
  nutrientProfileOptions,
  parseDayFirstDate,
  unitOptions,
} from './diet-form.ts';
import { formatGrams, formatKcal } from './diet-format.ts';
import { EnergySummary } from './formulation-panel.tsx';

export type DietForm = UseFormReturnType<DietFormValues>;

const categoryLabels: Record<IngredientCategory, string> = {
  meat: 'Meat',
  fish: 'Fish',
  egg: 'Eggs',
  dairy: 'Dairy',
  grain: 'Grains',
  legume: 'Legumes',
  vegetable: 'Vegetables',
  fruit: 'Fruit',
  oil: 'Oils',
  supplement: 'Supplements',
};

const dateParser = (input: string) => parseDayFirstDate(input);

export function DetailsCard({ form }: { form: DietForm }) {
  return (
    <DetailSection title="Diet" testId="diet-editor-details">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label="Kind"
            data={dietKindOptions}
            allowDeselect={false}
            withAsterisk
            key={form.key('kind')}
            {...form.getInputProps('kind')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label="Nutrient profile"
            data={nutrientProfileOptions}
            allowDeselect={false}
            withAsterisk
            key={form.key('nutrientProfileKind')}
            {...form.getInputProps('nutrientProfileKind')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DateInput
            label="Formulated on"
            placeholder="DD/MM/YYYY"
            valueFormat="DD/MM/YYYY"
            dateParser={dateParser}
            clearable
            popoverProps={{ withinPortal: true }}
            key={form.key('formulatedOn')}
            {...form.getInputProps('formulatedOn')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DateInput
            label="Next assessment"
            placeholder="DD/MM/YYYY"
            valueFormat="DD/MM/YYYY"
            dateParser={dateParser}
            clearable
            popoverProps={{ withinPortal: true }}
            key={form.key('nextAssessmentOn')}
            {...form.getInputProps('nextAssessmentOn')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <NumberInput
            label="Meals per day"
            min={1}
            max={6}
            allowDecimal={false}
            allowNegative={false}
            key={form.key('mealsPerDay')}
            {...form.getInputProps('mealsPerDay')}
          />
        </Grid.Col>
      </Grid>
    </DetailSection>
  );
}

function IngredientRowEditor({
  form,
  index,
  ingredient,
  name,
  count,
}: {
  form: DietForm;
  index: number;
  ingredient: Ingredient | undefined;
  name: string;
  count: number;
}) {
  const row = form.values.ingredients[index];
  if (!row) return null;
  const amount = typeof row.amount === 'number' ? row.amount : Number.parseFloat(row.amount);
  const line =
    ingredient && Number.isFinite(amount) && amount > 0
      ? ingredientLine({ ingredient, amount, unit: row.unit })
      : null;
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="diet-ingredient-row" data-ingredient={name}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={0} miw={160} style={{ flex: '1 1 180px' }}>
          <Text size="sm" fw={600}>
            {name}
          </Text>
          <Text size="xs" c="dimmed" data-testid="diet-ingredient-line">
            {line ? `${formatGrams(line.grams)} · ${formatKcal(line.kcal)}` : 'Enter an amount'}
          </Text>
          {form.errors[`ingredients.${index}.ingredientId`] && (
            <Text size="xs" c="red">
              {form.errors[`ingredients.${index}.ingredientId`]}
            </Text>
          )}
        </Stack>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <NumberInput
            aria-label={`Amount of ${name}`}
            min={0}
            max={100_000}
            decimalScale={3}
            allowNegative={false}
            w={110}
            key={form.key(`ingredients.${index}.amount`)}
            {...form.getInputProps(`ingredients.${index}.amount`)}
          />
          <Select
            aria-label={`Unit of ${name}`}
            data={unitOptions}
            allowDeselect={false}
            w={82}
            comboboxProps={{ withinPortal: true }}
            key={form.key(`ingredients.${index}.unit`)}
            {...form.getInputProps(`ingredients.${index}.unit`)}
            onChange={(unit) => unit && form.setFieldValue(`ingredients.${index}.unit`, unit as Unit)}
          />
          <Group gap={2} wrap="nowrap" mt={4}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${name} up`}
              disabled={index === 0}
              onClick={() =>
                form.setFieldValue('ingredients', moveRow(form.getValues().ingredients, index, -1))
              }
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${name} down`}
              disabled={index === count - 1}
              onClick={() =>
                form.setFieldValue('ingredients', moveRow(form.getValues().ingredients, index, 1))
              }
            >
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${name}`}
              onClick={() => form.removeListItem('ingredients', index)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
      </Group>
    </Paper>
  );
}

export function IngredientsCard({
  form,
  catalogue,
  savedNames,
  catalogueState,
  formulation,
}: {
  form: DietForm;
  /** What the panel shows; repeated under the rows on screens where the panel sits far below them. */
  formulation: Formulation | null;
  catalogue: ReadonlyMap<string, Ingredient>;
  /** The saved diet's ingredient names, so its rows stay named even without the catalogue. */
  savedNames: ReadonlyMap<string, string>;
  catalogueState: { pending: boolean; error: unknown };
}) {
  const [search, setSearch] = useState('');
  const options = useMemo(() => {
    const groups = new Map<IngredientCategory, { value: string; label: string }[]>();
    for (const ingredient of catalogue.values()) {
      const items = groups.get(ingredient.category) ?? [];
      items.push({ value: ingredient.id, label: ingredient.name });
      groups.set(ingredient.category, items);
    }
    return [...groups].map(([category, items]) => ({
      group: categoryLabels[category],
      items: items.sort((a, b) => a.label.localeCompare(b.label)),
    }));
  }, [catalogue]);
  const rows = form.values.ingredients;
  const full = rows.length >= MAX_DIET_INGREDIENTS;

  const add = (ingredientId: string | null) => {
    if (!ingredientId) return;
    form.insertListItem('ingredients', { key: newRowKey(), ingredientId, amount: 100, unit: 'g' });
    setSearch('');
  };

  return (
    <DetailSection title="Ingredients (daily amounts)" testId="diet-editor-ingredients">
      <Stack gap="sm">
        {catalogueState.error ? (
          <Alert color="red" variant="light" title="Could not load the ingredient catalogue">
            {errorMessage(catalogueState.error)}
          </Alert>
        ) : (
          <Select
            label="Add an ingredient"
            placeholder={catalogueState.pending ? 'Loading the catalogue…' : 'Search by name'}
            leftSection={<IconPlus size={16} />}
            data={options}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            value={null}
            onChange={add}
            nothingFoundMessage="No ingredient matches"
            disabled={catalogueState.pending || full}
            description={full ? `At most ${MAX_DIET_INGREDIENTS} ingredients` : undefined}
            maxDropdownHeight={320}
            comboboxProps={{ withinPortal: true }}
            data-testid="ingredient-picker"
          />
        )}
        {typeof form.errors.ingredients === 'string' && (
          <Text size="sm" c="red">
            {form.errors.ingredients}
          </Text>
        )}
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No ingredients yet: search the catalogue above to add the first.
          </Text>
        ) : (
          rows.map((row, index) => (
            <IngredientRowEditor
              key={row.key}
              form={form}
              index={index}
              ingredient={catalogue.get(row.ingredientId)}
              name={
                catalogue.get(row.ingredientId)?.name ??
                savedNames.get(row.ingredientId) ??
                'Unknown ingredient'
              }
              count={rows.length}
            />
          ))
        )}
        {formulation && rows.length > 0 && (
          <Paper hiddenFrom="lg" withBorder p="sm" radius="sm" data-testid="diet-editor-energy">
            <EnergySummary formulation={formulation} />
          </Paper>
        )}
      </Stack>
    </DetailSection>
  );
}

export function InstructionsCard({ form, petName }: { form: DietForm; petName: string }) {
  const preview = feedingInstructionsPreview(form.values.feedingInstructions, petName);
  return (
    <DetailSection title="Feeding instructions" testId="diet-editor-instructions">
      <Stack gap="sm">
        <Textarea
          label="Instructions for the owner"
          description={`Write {{PET_NAME}} where the pet's name goes: the owner reads “${petName}”.`}
          autosize
          minRows={4}
          maxRows={14}
          maxLength={MAX_FEEDING_INSTRUCTIONS}
          key={form.key('feedingInstructions')}
          {...form.getInputProps('feedingInstructions')}
        />
        <Box>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
            Preview
          </Text>
          <Paper bg="var(--mantine-color-gray-light)" p="sm" radius="sm" data-testid="instructions-preview">
            {preview.trim() ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {preview}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                Nothing written yet.
              </Text>
            )}
          </Paper>
        </Box>
      </Stack>
    </DetailSection>
  );
}
