import { Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from '@tanstack/react-router';
import { betaFeatureLabels } from '@vetboard/contract';
import { Editor } from '@/components/editors/editor.tsx';
import { applyServerFieldErrors } from '@/lib/forms/server-errors.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import {
  BETA_FIELDS,
  type BetaFormValues,
  betaFeatureOptions,
  betaFormSchema,
  toBetaCreate,
} from './beta-form.ts';
import { useEnrolBetaMutation } from './betas.mutations.ts';
import { UserPicker } from './user-picker.tsx';

/** `/betas/create`: enrol an existing user in a beta feature. */
export function BetaCreatePage() {
  const navigate = useNavigate();
  const enrol = useEnrolBetaMutation();
  const form = useForm<BetaFormValues>({
    mode: 'controlled',
    initialValues: { userUuid: '', feature: '', notes: '' },
    validate: schemaResolver(betaFormSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) =>
    mutateThen(enrol, toBetaCreate(values), {
      onSuccess: ({ betaUser }) => {
        notifications.show({
          color: 'clinic',
          message: `${betaUser.user.name} is enrolled in ${betaFeatureLabels[betaUser.feature]}.`,
        });
        void navigate({ to: '/betas/$betaId', params: { betaId: betaUser.uuid } });
      },
      onError: (error) => {
        // A 409 means this user is already in this beta: the user is what to change.
        if (!applyServerFieldErrors(form, error, { fields: BETA_FIELDS, conflictField: 'userUuid' })) {
          notifyRequestError(error);
        }
      },
    }),
  );

  return (
    <Editor
      name="beta-create"
      what="the enrolment"
      dirty={() => form.isDirty() && !enrol.isPending}
      dirtyOnUnload={() => form.isDirty()}
    >
      <Stack gap="lg" maw={720}>
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Enrol a user in a beta
          </Title>
          <Text c="dimmed" size="sm">
            Find the user by name or e-mail, then choose the feature they try out.
          </Text>
        </Stack>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <UserPicker
                label="User"
                placeholder="Search by name or e-mail"
                withAsterisk
                key={form.key('userUuid')}
                {...form.getInputProps('userUuid')}
              />
              <Select
                label="Feature"
                placeholder="Choose a feature"
                data={betaFeatureOptions}
                allowDeselect={false}
                withAsterisk
                key={form.key('feature')}
                {...form.getInputProps('feature')}
              />
              <Textarea
                label="Notes"
                placeholder="Why this user, what to watch for"
                autosize
                minRows={3}
                maxRows={8}
                key={form.key('notes')}
                {...form.getInputProps('notes')}
              />
              <Group justify="flex-end" gap="sm" mt="sm">
                <Button variant="default" renderRoot={(props) => <Link to="/betas" {...props} />}>
                  Cancel
                </Button>
                <Button type="submit" loading={enrol.isPending}>
                  Enrol
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Editor>
  );
}
