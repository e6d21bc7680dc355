import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type DietKind, dietKindLabels, type NutrientProfileKind } from '@vetboard/contract';
import { Editor } from '@/components/editors/editor.tsx';
import { applyServerFieldErrors } from '@/lib/forms/server-errors.ts';
import { petAgeMonths } from '@/lib/pets/pet-age-months.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import { defaultNutrientProfileKind, dietKindOptions, nutrientProfileOptions } from './diet-form.ts';
import { useCreateDietMutation } from './diets.mutations.ts';

const route = getRouteApi('/pets/$uuid/diets/new');

interface NewDietValues {
  kind: DietKind | '';
  nutrientProfileKind: NutrientProfileKind;
}

const NEW_DIET_FIELDS = ['kind', 'nutrientProfileKind'] as const;

/** `/pets/{uuid}/diets/new`: the kind and the nutrient profile; the editor takes it from there. */
export function NewDietPage() {
  const { uuid } = route.useParams();
  const { petProfile: pet, ownerHomeLocation } = useSuspenseQuery(petQueryOptions(uuid)).data;
  const ageMonths = petAgeMonths(pet.birthDate, ownerHomeLocation.timezone);
  const defaultProfile = defaultNutrientProfileKind(ageMonths);
  const navigate = useNavigate();
  const create = useCreateDietMutation();
  const form = useForm<NewDietValues>({
    initialValues: { kind: '', nutrientProfileKind: defaultProfile },
    validate: { kind: (kind) => (kind ? null : 'Choose the kind of diet') },
  });

  const submit = form.onSubmit((values) => {
    if (!values.kind) return;
    mutateThen(
      create,
      { petUuid: uuid, kind: values.kind, nutrientProfileKind: values.nutrientProfileKind },
      {
        onSuccess: ({ diet }) => {
          notifications.show({
            color: 'teal',
            message: `${dietKindLabels[diet.kind]} diet created for ${pet.name}. Add its ingredients.`,
          });
          void navigate({ to: '/diets/$uuid/edit', params: { uuid: diet.uuid } });
        },
        onError: (error) => {
          if (!applyServerFieldErrors(form, error, { fields: NEW_DIET_FIELDS })) notifyRequestError(error);
        },
      },
    );
  });

  return (
    <Editor
      name="diet-new"
      what="the new diet"
      dirty={() => form.isDirty() && !create.isPending}
      dirtyOnUnload={() => form.isDirty()}
    >
      <Stack gap="lg" maw={640}>
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            New diet
          </Title>
          <Text c="dimmed" size="sm">
            A draft for {pet.name}. Ingredients, dates and feeding instructions come next, in the editor.
          </Text>
        </Stack>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Select
                label="Kind"
                placeholder="Choose the kind of diet"
                data={dietKindOptions}
                allowDeselect={false}
                withAsterisk
                data-autofocus
                {...form.getInputProps('kind')}
              />
              <Select
                label="Nutrient profile"
                description={
                  ageMonths === null
                    ? 'Age unknown: adult limits by default'
                    : defaultProfile === 'fediaf_growth'
                      ? `${pet.name} is still growing: growth limits by default`
                      : `${pet.name} is an adult: adult limits by default`
                }
                data={nutrientProfileOptions}
                allowDeselect={false}
                withAsterisk
                {...form.getInputProps('nutrientProfileKind')}
              />
              <Group justify="flex-end" gap="sm" mt="sm">
                <Button
                  variant="default"
                  renderRoot={(props) => <Link to="/pets/$uuid/diets" params={{ uuid }} {...props} />}
                >
                  Cancel
                </Button>
                <Button type="submit" loading={create.isPending}>
                  Create diet
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Editor>
  );
}
