import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLock, IconMail } from '@tabler/icons-react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Editor } from '@/components/editors/editor.tsx';
import { useVetRights } from '@/lib/auth/vet-rights.ts';
import { publicConfig } from '@/lib/config/public-config.ts';
import { applyServerFieldErrors } from '@/lib/forms/server-errors.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import { VetProfileFields } from './vet-fields.tsx';
import { toVetCreate, VET_CREATE_FIELDS, type VetCreateValues, vetCreateFormSchema } from './vet-form.ts';
import { useCreateVetMutation } from './vets.mutations.ts';
import { listKindFor } from './vets-search.ts';

const route = getRouteApi('/_vet/vets/create');

export const VET_CREATED_MESSAGE = 'Vet created. A link to set their password was e-mailed.';

/** `/vets/create`: a new vet account, for head vets; the vet chooses a password through the e-mailed link. */
export function VetCreatePage() {
  const refusal = useVetRights().manage;
  if (refusal) {
    // Reached by typing the address: say why instead of a form the server would refuse.
    return (
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Create vet
        </Title>
        <Alert color="gray" icon={<IconLock size={18} />} title={refusal} />
      </Stack>
    );
  }
  return <VetCreateForm />;
}

function VetCreateForm() {
  const { kind } = route.useSearch();
  const navigate = useNavigate();
  const create = useCreateVetMutation();
  const form = useForm<VetCreateValues>({
    mode: 'controlled',
    initialValues: { email: '', firstName: '', lastName: '', kind: kind ?? '', companySku: '' },
    validate: schemaResolver(vetCreateFormSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) =>
    mutateThen(create, toVetCreate(values), {
      onSuccess: ({ vet }) => {
        notifications.show({ color: 'clinic', message: VET_CREATED_MESSAGE });
        void navigate({ to: '/vets', search: { kind: listKindFor(vet.kind, publicConfig.productName) } });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(form, error, { fields: VET_CREATE_FIELDS, conflictField: 'email' })) {
          notifyRequestError(error);
        }
      },
    }),
  );

  return (
    <Editor
      name="vet-create"
      what="the new vet"
      dirty={() => form.isDirty() && !create.isPending}
      dirtyOnUnload={() => form.isDirty()}
    >
      <Stack gap="lg">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Create vet
          </Title>
          <Text c="dimmed" size="sm">
            The new vet gets an e-mail with a link to choose their password.
          </Text>
        </Stack>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <TextInput
                label="E-mail"
                name="email"
                type="email"
                autoComplete="off"
                leftSection={<IconMail size={16} stroke={1.7} />}
                withAsterisk
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
                <VetProfileFields form={form} />
              </SimpleGrid>
              <Group justify="flex-end" gap="sm" mt="sm">
                <Button
                  variant="default"
                  renderRoot={(props) => (
                    <Link
                      to="/vets"
                      search={kind ? { kind: listKindFor(kind, publicConfig.productName) } : {}}
                      {...props}
                    />
                  )}
                >
                  Cancel
                </Button>
                <Button type="submit" loading={create.isPending}>
                  Create vet
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Editor>
  );
}
