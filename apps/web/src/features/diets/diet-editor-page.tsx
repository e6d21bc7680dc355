import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  IconArrowDown,
  IconArrowUp,
  IconDeviceFloppy,
  IconEye,
  IconLock,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import {
  type Diet,
  dietKindLabels,
  type Formulation,
  type Ingredient,
  type IngredientCategory,
  ingredientLine,
  type PetProfile,
  type Unit,
} from '@vetboard/contract';
import { useMemo, useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { DetailSection } from '@/components/layouts/detail-section.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { applyServerFieldErrors } from '@/lib/forms/server-errors.ts';
import { petHealthProfileQueryOptions, petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import { DietStatusBadges } from './diet-badges.tsx';
import classes from './diet-editor.module.css';
import {
  type DietFormValues,
  dietFormFields,
  dietFormValues,
  dietKindOptions,
  feedingInstructionsPreview,
  MAX_DIET_INGREDIENTS,
  MAX_FEEDING_INSTRUCTIONS,
  moveRow,
  newRowKey,
  nutrientProfileOptions,
  parseDayFirstDate,
  toDietPatch,
  unitOptions,
  validateDietForm,
} from './diet-form.ts';
import { formatGrams, formatKcal } from './diet-format.ts';
import { usePatchDietMutation } from './diets.mutations.ts';
import { dietQueryOptions, ingredientsQueryOptions } from './diets.queries.ts';
import { EnergySummary, FormulationPanel } from './formulation-panel.tsx';
import { formulationPet, liveFormulation } from './live-formulation.ts';

const route = getRouteApi('/_default/diets/$uuid/edit');

type DietForm = UseFormReturnType<DietFormValues>;

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

function DetailsCard({ form }: { form: DietForm }) {
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

function IngredientsCard({
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

function InstructionsCard({ form, petName }: { form: DietForm; petName: string }) {
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

function DietEditor({ diet, pet, timezone }: { diet: Diet; pet: PetProfile; timezone: string }) {
  const health = useQuery(petHealthProfileQueryOptions(pet.uuid));
  const ingredients = useQuery(ingredientsQueryOptions());
  const catalogue = useMemo(() => {
    const map = new Map<string, Ingredient>();
    for (const ingredient of ingredients.data?.ingredients ?? []) map.set(ingredient.id, ingredient);
    return map;
  }, [ingredients.data]);
  const savedNames = useMemo(
    () => new Map(diet.ingredients.map((row) => [row.ingredientId, row.name])),
    [diet.ingredients],
  );
  const patch = usePatchDietMutation(diet.uuid);
  const [serverFormulation, setServerFormulation] = useState<Formulation>(diet.formulation);
  const form = useForm<DietFormValues>({
    mode: 'controlled',
    initialValues: dietFormValues(diet),
    validate: validateDietForm,
  });

  const live = useMemo(() => {
    if (!ingredients.data || health.isPending) return null;
    const formulationFor = formulationPet(pet, health.data?.healthProfile ?? null, timezone);
    try {
      return liveFormulation(form.values, catalogue, formulationFor);
    } catch {
      // A unit the conversions refuse: the server says which row on save; until then show its figures.
      return null;
    }
  }, [form.values, catalogue, ingredients.data, health.isPending, health.data, pet, timezone]);

  const submit = form.onSubmit((values) => {
    mutateThen(patch, toDietPatch(values), {
      onSuccess: ({ diet: saved }) => {
        setServerFormulation(saved.formulation);
        form.setInitialValues(values);
        form.resetDirty(values);
        notifications.show({ color: 'teal', message: 'Diet saved.' });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(form, error, { fields: dietFormFields(values) }))
          notifyRequestError(error);
      },
    });
  });

  const dirty = form.isDirty();

  return (
    <Editor
      name="diet-editor"
      what="this diet"
      dirty={() => form.isDirty() && !patch.isPending}
      dirtyOnUnload={() => form.isDirty()}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={4} miw={0}>
              <Title order={1} fz={{ base: 24, sm: 28 }}>
                Edit {dietKindLabels[form.values.kind].toLowerCase()} diet
              </Title>
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  For{' '}
                  <Anchor
                    size="sm"
                    fw={600}
                    renderRoot={(props) => <Link to="/pets/$uuid" params={{ uuid: pet.uuid }} {...props} />}
                  >
                    {pet.name}
                  </Anchor>
                </Text>
                <DietStatusBadges status={diet.status} />
                {dirty && (
                  <Text size="xs" c="orange" data-testid="unsaved-changes">
                    Unsaved changes
                  </Text>
                )}
              </Group>
            </Stack>
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconEye size={16} />}
                renderRoot={(props) => <Link to="/diets/$uuid" params={{ uuid: diet.uuid }} {...props} />}
              >
                View diet
              </Button>
              <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={patch.isPending}>
                Save
              </Button>
            </Group>
          </Group>

          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Stack gap="lg">
                <DetailsCard form={form} />
                <IngredientsCard
                  form={form}
                  catalogue={catalogue}
                  savedNames={savedNames}
                  formulation={live ?? (ingredients.isPending ? null : serverFormulation)}
                  catalogueState={{ pending: ingredients.isPending, error: ingredients.error }}
                />
                <InstructionsCard form={form} petName={pet.name} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Box className={classes.panel}>
                {live ? (
                  <FormulationPanel formulation={live} note="Live: updates as you type" />
                ) : ingredients.isPending || health.isPending ? (
                  <Skeleton height={420} />
                ) : (
                  <FormulationPanel formulation={serverFormulation} note="As last saved" />
                )}
              </Box>
            </Grid.Col>
          </Grid>

          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={patch.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Editor>
  );
}

/** `/diets/{uuid}/edit`: a draft's editor; a published diet is read-only and points to copying it. */
export function DietEditorPage() {
  const { uuid } = route.useParams();
  const { diet } = useSuspenseQuery(dietQueryOptions(uuid)).data;
  const { petProfile: pet, ownerHomeLocation } = useSuspenseQuery(petQueryOptions(diet.petUuid)).data;

  if (diet.status === 'published') {
    return (
      <Stack gap="lg" maw={720}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Edit diet
        </Title>
        <Alert color="blue" variant="light" icon={<IconLock size={18} />} title="This diet is published">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              Published diets are read-only: {pet.name}'s owner may already follow it. Copy it to a new draft
              to make changes.
            </Text>
            <Button
              variant="light"
              renderRoot={(props) => <Link to="/diets/$uuid" params={{ uuid }} {...props} />}
            >
              Back to the diet
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  // Keyed on the diet, so moving to another diet starts its form afresh instead of keeping these edits.
  return <DietEditor key={diet.uuid} diet={diet} pet={pet} timezone={ownerHomeLocation.timezone} />;
}
