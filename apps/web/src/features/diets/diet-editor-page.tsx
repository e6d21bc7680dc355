import { Alert, Anchor, Box, Button, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconEye, IconLock } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import {
  type Diet,
  dietKindLabels,
  type Formulation,
  type Ingredient,
  type PetProfile,
} from '@vetboard/contract';
import { useMemo, useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { applyServerFieldErrors } from '@/lib/forms/server-errors.ts';
import { petHealthProfileQueryOptions, petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import { DietStatusBadges } from './diet-badges.tsx';
import classes from './diet-editor.module.css';
import { DetailsCard, IngredientsCard, InstructionsCard } from './diet-editor-cards.tsx';
import {
  type DietFormValues,
  dietFormFields,
  dietFormValues,
  toDietPatch,
  validateDietForm,
} from './diet-form.ts';
import { usePatchDietMutation } from './diets.mutations.ts';
import { dietQueryOptions, ingredientsQueryOptions } from './diets.queries.ts';
import { FormulationPanel } from './formulation-panel.tsx';
import { formulationPet, liveFormulation } from './live-formulation.ts';

const route = getRouteApi('/_default/diets/$uuid/edit');

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
