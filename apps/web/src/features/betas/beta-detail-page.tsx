import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconUsers } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { betaFeatureLabels, userTypeLabels } from '@vetboard/contract';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format/dates.ts';
import { betaQueryOptions } from './betas.queries.ts';

const route = getRouteApi('/_default/betas/$betaId');

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" size="sm">
        {children}
      </Text>
    </Stack>
  );
}

/** `/betas/{beta_id}`: one enrolment, with the way to the user's family. */
export function BetaDetailPage() {
  const { betaId } = route.useParams();
  const { betaUser: beta } = useSuspenseQuery(betaQueryOptions(betaId)).data;
  const familyUuid = beta.user.familyUuid;

  return (
    <Stack gap="lg" maw={880}>
      <Anchor size="sm" renderRoot={(props) => <Link to="/betas" {...props} />}>
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
        All betas
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {beta.user.name}
          </Title>
          <Group gap={6}>
            <Badge variant="light" tt="none" radius="sm" size="lg">
              {betaFeatureLabels[beta.feature]}
            </Badge>
            <Text size="sm" c="dimmed">
              beta
            </Text>
          </Group>
        </Stack>
        {familyUuid && (
          <Button
            variant="light"
            leftSection={<IconUsers size={16} />}
            renderRoot={(props) => (
              <Link to="/families/$uuid/pets" params={{ uuid: familyUuid }} {...props} />
            )}
          >
            Open the family
          </Button>
        )}
      </Group>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" data-testid="beta-card">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
          <Fact label="User">
            {familyUuid ? (
              <Anchor
                renderRoot={(props) => (
                  <Link to="/families/$uuid/pets" params={{ uuid: familyUuid }} {...props} />
                )}
              >
                {beta.user.name}
              </Anchor>
            ) : (
              beta.user.name
            )}
          </Fact>
          <Fact label="E-mail">{beta.user.email}</Fact>
          <Fact label="User type">{userTypeLabels[beta.user.userType]}</Fact>
          <Fact label="Feature">{betaFeatureLabels[beta.feature]}</Fact>
          <Fact label="Enrolled">{formatDateTime(beta.enrolledAt)}</Fact>
          <Fact label="Enrolled by">{beta.enrolledBy?.name ?? '—'}</Fact>
        </SimpleGrid>
        <Stack gap={2} mt="lg">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Notes
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={beta.notes ? undefined : 'dimmed'}>
            {beta.notes ?? 'No notes.'}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
