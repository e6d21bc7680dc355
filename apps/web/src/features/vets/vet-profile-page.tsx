import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { fullName, type Timestamp, type VetDetail, type VetListItem } from '@vetboard/contract';
import { useState } from 'react';
import { useStepUp } from '@/components/auth/step-up.tsx';
import { Editor } from '@/components/editors/editor.tsx';
import { ConfirmModal } from '@/components/feedback/confirm-modal.tsx';
import { VetAvatar } from '@/components/shell/vet-avatar.tsx';
import { useAuthState } from '@/lib/auth/auth-store.ts';
import { useVetRights, type VetRights } from '@/lib/auth/vet-rights.ts';
import { formatVetDateTime } from '@/lib/format/spec-formatters.ts';
import { applyServerFieldErrors } from '@/lib/forms/server-errors.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import { SecondFactorResetCard } from './second-factor-reset-card.tsx';
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

function VetProfileForm({ vet, rights }: { vet: VetListItem; rights: VetRights }) {
  const update = useUpdateVetMutation(vet.uuid);
  const stepUp = useStepUp();
  const form = useForm<VetProfileValues>({
    mode: 'controlled',
    initialValues: profileValuesOf(vet),
    validate: schemaResolver(vetProfileFormSchema, { sync: true }),
  });

  const save = (patch: NonNullable<ReturnType<typeof toVetPatch>>) =>
    mutateThen(update, patch, {
      onSuccess: ({ vet: saved }) => {
        const clean = profileValuesOf(saved);
        form.setInitialValues(clean);
        form.setValues(clean);
        form.resetDirty(clean);
        notifications.show({ color: 'clinic', message: 'Profile saved.' });
      },
      onError: (error) => {
        // A change of kind or company asks a head vet with a second factor to confirm it first.
        if (stepUp.handled(error, () => save(patch))) return;
        if (!applyServerFieldErrors(form, error, { fields: VET_PROFILE_FIELDS })) notifyRequestError(error);
      },
    });
  const submit = form.onSubmit((values) => {
    const patch = toVetPatch(form.getInitialValues(), values);
    if (patch) save(patch);
  });

  return (
    <Editor
      name="vet-profile"
      what="the profile"
      dirty={() => form.isDirty() && !update.isPending}
      dirtyOnUnload={() => form.isDirty()}
    >
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={2} fz="lg">
              Profile
            </Title>
            <TextInput label="E-mail" value={vet.email} readOnly variant="filled" />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <VetProfileFields
                form={form}
                namesLocked={rights.editProfile}
                accessLocked={rights.editProfile ?? rights.changeAccess}
              />
            </SimpleGrid>
            {rights.editProfile === null && (
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
            )}
          </Stack>
        </form>
      </Paper>
      {stepUp.dialog}
    </Editor>
  );
}

/**
 * Disabling ends the vet's sessions at once and keeps them from logging in; enabling lets them log in
 * afresh (old sessions stay ended). Head vets only, never on themselves.
 */
function VetAccessCard({ vet }: { vet: VetListItem }) {
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateVetMutation(vet.uuid);
  const stepUp = useStepUp();
  const name = fullName(vet);
  const disable = !vet.disabled;

  const confirm = () =>
    mutateThen(
      update,
      { disabled: disable },
      {
        onSuccess: () => {
          setConfirming(false);
          notifications.show({ color: 'clinic', message: disable ? 'Vet disabled.' : 'Vet enabled.' });
        },
        onError: (error) => {
          setConfirming(false);
          if (!stepUp.handled(error, confirm)) notifyRequestError(error);
        },
      },
    );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <Group justify="space-between" gap="md" wrap="wrap">
        <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
          <Title order={2} fz="lg">
            Access
          </Title>
          <Text size="sm" c="dimmed" data-testid="vet-access-state">
            {vet.disabled ? `${name} is disabled and cannot log in.` : `${name} can log in to the dashboard.`}
          </Text>
        </Stack>
        <Button
          variant={disable ? 'light' : 'filled'}
          color={disable ? 'red' : undefined}
          leftSection={disable ? <IconLock size={16} /> : <IconLockOpen size={16} />}
          onClick={() => setConfirming(true)}
        >
          {disable ? 'Disable vet' : 'Enable vet'}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title={disable ? `Disable ${name}?` : `Enable ${name}?`}
        confirmLabel={disable ? 'Disable' : 'Enable'}
        confirmColor={disable ? 'red' : undefined}
        loading={update.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      >
        {disable
          ? 'They are logged out everywhere at once and cannot log in until a head vet enables them again.'
          : 'They can log in again with their password. The sessions that ended when they were disabled stay ended.'}
      </ConfirmModal>
      {stepUp.dialog}
    </Paper>
  );
}

/** SPEC §9: the vet view writes instants as DD/MM/YYYY HH:MM:SS (in UTC, which it names). */
function VetDates({ vet }: { vet: VetDetail }) {
  const dates: [string, Timestamp | null][] = [
    ['Created', vet.createdAt],
    ['Last signed in', vet.lastSignedInAt],
    ['Last changed', vet.updatedAt],
  ];
  return (
    <Group gap="md" style={{ rowGap: 0 }} data-testid="vet-dates">
      {dates.map(([label, at]) => (
        <Text key={label} size="xs" c="dimmed">
          {label}: {at ? `${formatVetDateTime(at)} UTC` : 'never'}
        </Text>
      ))}
    </Group>
  );
}

/**
 * `/vets/{uuid}`: a vet's profile; the header's 'Edit Profile' opens one's own. What the logged-in vet
 * may not change is shown disabled with the reason, or not offered (vetRights).
 */
export function VetProfilePage() {
  const { uuid } = route.useParams();
  const { vet } = useSuspenseQuery(vetQueryOptions(uuid)).data;
  const own = useAuthState().vet?.uuid === vet.uuid;
  const rights = useVetRights(vet.uuid);

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
            {/* A long address wraps instead of widening a phone's page. */}
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {vet.email}
            </Text>
          </Group>
          <VetDates vet={vet} />
        </Stack>
      </Group>
      <VetPictureCard vet={vet} locked={rights.editProfile} />
      <VetProfileForm key={vet.uuid} vet={vet} rights={rights} />
      {rights.changeAccess === null && <VetAccessCard vet={vet} />}
      {rights.changeAccess === null && <SecondFactorResetCard vet={vet} />}
    </Stack>
  );
}
