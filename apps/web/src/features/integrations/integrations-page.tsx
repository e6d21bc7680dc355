import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCopy, IconPlus } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import {
  INTEGRATION_SCOPE_CALLS,
  type Integration,
  type IntegrationCreatedResponse,
  type IntegrationScopeName,
  integrationCreateSchema,
} from '@vetboard/contract';
import { useState } from 'react';
import { useStepUp } from '@/components/auth/step-up.tsx';
import { Editor } from '@/components/editors/editor.tsx';
import { HttpError } from '@/lib/api/api-errors.ts';
import { visibleCompaniesQueryOptions } from '@/lib/companies/visible-companies.queries.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import {
  integrationsQueryOptions,
  useCreateIntegrationMutation,
  useRevokeIntegrationMutation,
} from './integrations.queries.ts';

const SCOPES = Object.entries(INTEGRATION_SCOPE_CALLS) as [
  IntegrationScopeName,
  (typeof INTEGRATION_SCOPE_CALLS)[IntegrationScopeName],
][];

function ScopeCalls({ scopes }: { scopes: readonly IntegrationScopeName[] }) {
  return (
    <Stack gap={4}>
      {scopes.map((scope) => (
        <Text key={scope} size="sm">
          <strong>{INTEGRATION_SCOPE_CALLS[scope].label}:</strong>{' '}
          {INTEGRATION_SCOPE_CALLS[scope].calls.map((call) => (
            <Code key={call} mr={4}>
              {call}
            </Code>
          ))}
        </Text>
      ))}
    </Stack>
  );
}

function NewIntegrationModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (created: IntegrationCreatedResponse) => void;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<IntegrationScopeName[]>([]);
  const [companySku, setCompanySku] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const companies = useQuery({ ...visibleCompaniesQueryOptions(), enabled: opened }).data?.companies ?? [];
  const create = useCreateIntegrationMutation();
  const close = () => {
    setName('');
    setScopes([]);
    setCompanySku(null);
    setErrors({});
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="New integration" centered size="lg">
      <Editor
        name="integration-create"
        what="the new integration"
        dirty={() => (name !== '' || scopes.length > 0 || companySku !== null) && !create.isPending}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = integrationCreateSchema.safeParse({ name, scopes, companySku });
            if (!parsed.success) {
              setErrors(
                Object.fromEntries(
                  parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
                ),
              );
              return;
            }
            mutateThen(create, parsed.data, {
              onSuccess: (created) => {
                close();
                onCreated(created);
              },
              onError: (failure) => {
                if (failure instanceof HttpError && (failure.status === 400 || failure.status === 409)) {
                  const path = failure.details?.[0]?.path ?? 'name';
                  return setErrors({ [path]: failure.details?.[0]?.message ?? failure.message });
                }
                notifyRequestError(failure);
              },
            });
          }}
        >
          <Stack>
            <TextInput
              label="Name"
              description="Who calls with it, e.g. “Collar platform” or “Owner app (iOS)”."
              required
              maxLength={100}
              value={name}
              error={errors.name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Checkbox.Group
              label="What it may do"
              required
              value={scopes}
              error={errors.scopes}
              onChange={(value) => setScopes(value as IntegrationScopeName[])}
            >
              <Stack gap="xs" mt={6}>
                {SCOPES.map(([scope, { label, calls }]) => (
                  <Checkbox key={scope} value={scope} label={label} description={calls.join(', ')} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Select
              label="Company"
              description="Leave empty for any pet; a company’s own integration writes only about its pets."
              placeholder="Any pet"
              clearable
              searchable
              data={companies.map((company) => ({
                value: company.sku,
                label: `${company.name} (${company.sku})`,
              }))}
              value={companySku}
              error={errors.companySku}
              onChange={setCompanySku}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create token
              </Button>
            </Group>
          </Stack>
        </form>
      </Editor>
    </Modal>
  );
}

function TokenShownOnce({
  created,
  onClose,
}: {
  created: IntegrationCreatedResponse | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={created !== null} onClose={onClose} title="Copy the token now" centered size="lg">
      {created && (
        <Stack>
          <Alert color="yellow" variant="light">
            This is the only time the token is shown: only its fingerprint is kept. Give it to “
            {created.integration.name}” now; if it is lost, revoke it and make another.
          </Alert>
          {/* Wrapped anywhere: a 47-character token is wider than a phone. */}
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="new-token">
            {created.token}
          </Code>
          <Group justify="flex-start">
            <CopyButton value={created.token}>
              {({ copied, copy }) => (
                <Button variant="light" leftSection={<IconCopy size={16} />} onClick={copy}>
                  {copied ? 'Copied' : 'Copy token'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">
            Send it as <Code>Authorization: Bearer …</Code>. It may call:
          </Text>
          <ScopeCalls scopes={created.integration.scopes} />
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function RevokeButton({ integration }: { integration: Integration }) {
  const revoke = useRevokeIntegrationMutation();
  const [asking, setAsking] = useState(false);
  // A head vet with a second factor gives it again before a token stops working (issue #47).
  const stepUp = useStepUp();
  const confirm = () =>
    mutateThen(revoke, integration.uuid, {
      onSuccess: () => setAsking(false),
      onError: (error) => {
        if (!stepUp.handled(error, confirm)) notifyRequestError(error);
      },
    });
  return (
    <>
      <Button size="compact-sm" variant="light" color="red" onClick={() => setAsking(true)}>
        Revoke
      </Button>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={`Revoke “${integration.name}”?`}
        centered
      >
        <Stack>
          <Text size="sm">Its token stops working with its next call. This cannot be undone.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={confirm}>
              Revoke
            </Button>
          </Group>
        </Stack>
      </Modal>
      {stepUp.dialog}
    </>
  );
}

/** `/integrations` (head vets, from the user menu): the tokens other systems call the API with. */
export function IntegrationsPage() {
  const { integrations } = useSuspenseQuery(integrationsQueryOptions()).data;
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<IntegrationCreatedResponse | null>(null);
  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Integrations
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          New integration
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        The collar platform and the owner app call the API with a token of their own, which may do only what
        its scopes say.
      </Text>
      {integrations.length === 0 ? (
        <Text c="dimmed">No integrations yet.</Text>
      ) : (
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table aria-label="Integrations" verticalSpacing="sm" horizontalSpacing="md" miw={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>May do</Table.Th>
                <Table.Th>Company</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {integrations.map((integration) => (
                <Table.Tr key={integration.uuid} data-testid="integration-row">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {integration.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {integration.scopes.map((scope) => (
                        <Badge key={scope} variant="light" radius="sm" tt="none">
                          {INTEGRATION_SCOPE_CALLS[scope].label}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {integration.companySku ?? (
                      <Text span c="dimmed" size="sm">
                        Any pet
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatDateTime(integration.createdAt)}</Table.Td>
                  <Table.Td>
                    {integration.lastUsedAt ? (
                      formatDateTime(integration.lastUsedAt)
                    ) : (
                      <Text span c="dimmed" size="sm">
                        Never
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {integration.revokedAt ? (
                      <Text size="sm" c="dimmed">
                        Revoked {formatDateTime(integration.revokedAt)}
                      </Text>
                    ) : (
                      <RevokeButton integration={integration} />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <NewIntegrationModal opened={adding} onClose={() => setAdding(false)} onCreated={setCreated} />
      <TokenShownOnce created={created} onClose={() => setCreated(null)} />
    </Stack>
  );
}
