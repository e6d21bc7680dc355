import {
  ActionIcon,
  Button,
  Drawer,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  type SelectProps,
  SimpleGrid,
  Stack,
  TagsInput,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  activityLevelLabels,
  activityLevels,
  calendarDateToIso,
  type HealthProfile,
  type PetProfile,
  petSexes,
  petSexLabels,
  type Species,
  species,
  speciesLabels,
} from '@vetboard/contract';
import { useMemo } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { HttpError } from '@/lib/api/api-errors.ts';
import { todayIn } from '@/lib/format/calendar-date.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import {
  emptyMedication,
  type PetFormValues,
  parseTypedDate,
  toFormValues,
  toPetPatch,
  validatePetForm,
} from './pet-edit-form.ts';
import { useUpdatePetMutation } from './pets.mutations.ts';
import { breedsQueryOptions } from './pets.queries.ts';

const options = <K extends string>(keys: readonly K[], labels: Record<K, string>) =>
  keys.map((value) => ({ value, label: labels[value] }));

function BreedSelect({ species: selected, ...inputProps }: { species: Species } & Omit<SelectProps, 'data'>) {
  const breeds = useQuery(breedsQueryOptions(selected));
  const data = useMemo(
    () => breeds.data?.breeds.map((breed) => ({ value: breed.id, label: breed.name })) ?? [],
    [breeds.data],
  );
  return (
    <Select
      label="Breed"
      placeholder={
        breeds.isPending ? 'Loading breeds…' : `Choose a ${speciesLabels[selected].toLowerCase()} breed`
      }
      data={data}
      searchable
      clearable
      nothingFoundMessage="No breed matches"
      {...inputProps}
    />
  );
}

function PetEditForm({
  pet,
  health,
  onDone,
}: {
  pet: PetProfile;
  health: HealthProfile | undefined;
  onDone: () => void;
}) {
  const initial = useMemo(() => toFormValues(pet, health), [pet, health]);
  const form = useForm<PetFormValues>({ initialValues: initial, validate: validatePetForm });
  const update = useUpdatePetMutation(pet.uuid);
  const today = calendarDateToIso(todayIn(undefined));

  const submit = form.onSubmit((values) => {
    const patch = toPetPatch(values, initial);
    if (Object.keys(patch).length === 0) {
      onDone();
      return;
    }
    mutateThen(update, patch, {
      onSuccess: ({ petProfile }) => {
        notifications.show({
          color: 'teal',
          title: 'Saved',
          message: `${petProfile.name}'s profile is up to date.`,
        });
        onDone();
      },
      onError: (error) => {
        const details = error instanceof HttpError ? (error.details ?? []) : [];
        if (details.length === 0) {
          notifyRequestError(error);
          return;
        }
        for (const detail of details) form.setFieldError(detail.path, detail.message);
      },
    });
  });

  const medications = form.values.healthProfile.medications;

  return (
    <Editor name="pet-edit" what={`${pet.name}’s profile`} dirty={() => form.isDirty() && !update.isPending}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select
              label="Species"
              data={options(species, speciesLabels)}
              allowDeselect={false}
              {...form.getInputProps('species')}
              onChange={(value) => {
                if (!value || value === form.values.species) return;
                form.setFieldValue('species', value as Species);
                // A breed belongs to one species: the old one no longer applies.
                form.setFieldValue('breedId', null);
              }}
            />
            <BreedSelect species={form.values.species} {...form.getInputProps('breedId')} />
            <Select
              label="Sex"
              data={options(petSexes, petSexLabels)}
              allowDeselect={false}
              {...form.getInputProps('sex')}
            />
            <DateInput
              label="Birth date"
              placeholder="DD/MM/YYYY"
              valueFormat="DD/MM/YYYY"
              dateParser={parseTypedDate}
              maxDate={today}
              clearable
              {...form.getInputProps('birthDate')}
            />
          </SimpleGrid>
          <Input.Wrapper label="Neutered" {...form.getInputProps('neutered')}>
            <SegmentedControl
              fullWidth
              aria-label="Neutered"
              data={[
                { value: 'yes', label: 'Yes' },
                { value: 'no', label: 'No' },
                { value: 'unknown', label: 'Unknown' },
              ]}
              value={form.values.neutered}
              onChange={(value) => form.setFieldValue('neutered', value as PetFormValues['neutered'])}
            />
          </Input.Wrapper>
          <TextInput
            label="Microchip"
            placeholder="15 digits"
            inputMode="numeric"
            {...form.getInputProps('microchip')}
          />

          <Title order={3} fz="md" mt="sm">
            Health profile
          </Title>
          <TagsInput
            label="Allergies"
            placeholder="Type and press Enter"
            clearable
            {...form.getInputProps('healthProfile.allergies')}
          />
          <TagsInput
            label="Conditions"
            placeholder="Type and press Enter"
            clearable
            {...form.getInputProps('healthProfile.conditions')}
          />
          <Input.Wrapper label="Medications">
            <Stack gap="xs" mt={4}>
              {medications.map((_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; the form paths address them by position
                <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput
                    aria-label={`Medication ${index + 1} name`}
                    placeholder="Name"
                    style={{ flex: 2 }}
                    {...form.getInputProps(`healthProfile.medications.${index}.name`)}
                  />
                  <TextInput
                    aria-label={`Medication ${index + 1} dose`}
                    placeholder="Dose"
                    style={{ flex: 1 }}
                    {...form.getInputProps(`healthProfile.medications.${index}.dose`)}
                  />
                  <TextInput
                    aria-label={`Medication ${index + 1} frequency`}
                    placeholder="Frequency"
                    style={{ flex: 1.5 }}
                    {...form.getInputProps(`healthProfile.medications.${index}.frequency`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove medication ${index + 1}`}
                    onClick={() => form.removeListItem('healthProfile.medications', index)}
                  >
                    <IconTrash size={16} stroke={1.7} />
                  </ActionIcon>
                </Group>
              ))}
              <Button
                variant="light"
                size="xs"
                w="fit-content"
                leftSection={<IconPlus size={14} />}
                onClick={() => form.insertListItem('healthProfile.medications', { ...emptyMedication })}
              >
                Add medication
              </Button>
            </Stack>
          </Input.Wrapper>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select
              label="Activity level"
              placeholder="Not recorded"
              data={options(activityLevels, activityLevelLabels)}
              clearable
              {...form.getInputProps('healthProfile.activityLevel')}
            />
            <NumberInput
              label="Body condition score"
              description="1 (emaciated) to 9 (obese)"
              min={1}
              max={9}
              allowDecimal={false}
              {...form.getInputProps('healthProfile.bodyConditionScore')}
            />
            <NumberInput
              label="Weight (kg)"
              min={0}
              decimalScale={2}
              {...form.getInputProps('healthProfile.weightKg')}
            />
            <NumberInput
              label="Target weight (kg)"
              min={0}
              decimalScale={2}
              {...form.getInputProps('healthProfile.targetWeightKg')}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onDone} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Editor>
  );
}

/** The pet's edit form, in a drawer so the profile stays in view behind it. */
export function PetEditDrawer({
  opened,
  onClose,
  pet,
  health,
}: {
  opened: boolean;
  onClose: () => void;
  pet: PetProfile;
  health: HealthProfile | undefined;
}) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 640}
      title={
        <Title order={2} fz="lg">
          Edit {pet.name}
        </Title>
      }
    >
      {/* Mounted only while open, so every opening starts from the pet as it is now. */}
      {opened && <PetEditForm pet={pet} health={health} onDone={onClose} />}
    </Drawer>
  );
}
