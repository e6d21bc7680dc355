import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { fullName, type VetListItem } from '@vetboard/contract';
import { VetAvatar } from '@/components/shell/vet-avatar.tsx';
import { useAuthState } from '@/lib/auth/auth-store.ts';
import { applyServerFieldErrors } from '@/lib/forms/server-errors.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import { VetProfileFields } from './vet-fields.tsx';
import {
  profileValuesOf,
  toVetPatch,
  VET_PROFILE_FIELDS,
  type VetProfileValues,
  vetProfileFormSchema,
} from './vet-form.ts';
import { VetPictureCard } from './vet-picture-card.tsx';
import { useUpdateVetMutation } from './vets.mutations.ts';
import { vetQueryOptions } from './vets.queries.ts';

const route = getRouteApi('/_vet/vets/$uuid');

function VetProfileForm({ vet }: { vet: VetListItem }) {
  const update = useUpdateVetMutation(vet.uuid);
  const form = useForm<VetProfileValues>({
    mode: 'controlled',
    initialValues: profileValuesOf(vet),
    validate: schemaResolver(vetProfileFormSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const patch = toVetPatch(form.getInitialValues(), values);
    if (!patch) return;
    update.mutate(patch, {
      onSuccess: ({ vet: saved }) => {
        const clean = profileValuesOf(saved);
        form.setInitialValues(clean);
        form.setValues(clean);
        form.resetDirty(clean);
        notifications.show({ color: 'clinic', message: 'Profile saved.' });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(form, error, { fields: VET_PROFILE_FIELDS })) notifyRequestError(error);
      },
    });
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg">
            Profile
          </Title>
          <TextInput label="E-mail" value={vet.email} readOnly variant="filled" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <VetProfileFields form={form} />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button
              variant="default"
              onClick={() => form.reset()}
              disabled={!form.isDirty() || update.isPending}
            >
              Discard changes
            </Button>
            <Button type="submit" disabled={!form.isDirty()} loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** `/vets/{uuid}`: a vet's profile, editable; the header's 'Edit Profile' opens one's own. */
export function VetProfilePage() {
  const { uuid } = route.useParams();
  const { vet } = useSuspenseQuery(vetQueryOptions(uuid)).data;
  const own = useAuthState().vet?.uuid === vet.uuid;

  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="center">
        <VetAvatar vet={vet} size={64} />
        <Stack gap={4} miw={0}>
          <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
            {fullName(vet)}
          </Title>
          <Group gap={6}>
            <Badge variant="light" tt="none" radius="sm">
              {vet.kindLabel}
            </Badge>
            {own && (
              <Badge variant="outline" tt="none" radius="sm">
                Your profile
              </Badge>
            )}
            {vet.disabled && (
              <Badge color="gray" variant="outline" tt="none" radius="sm">
                Disabled
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              {vet.email}
            </Text>
          </Group>
        </Stack>
      </Group>
      <VetPictureCard vet={vet} />
      <VetProfileForm key={vet.uuid} vet={vet} />
    </Stack>
  );
}
