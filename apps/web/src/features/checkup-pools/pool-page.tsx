import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  List,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArchive, IconArrowLeft, IconDownload, IconPencil } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { CheckupStatus, Form } from '@vetboard/contract';
import { type ReactNode, useState } from 'react';
import { DetailSection } from '@/components/layouts/detail-section.tsx';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import { PetAlertBadges } from '@/components/pets/pet-alert-badges.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { buildUrl } from '@/lib/api/http-client.ts';
import { useReferenceDataRights } from '@/lib/auth/reference-data-rights.ts';
import { publicConfig } from '@/lib/config/public-config.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import {
  POOL_CHECKUPS_PAGE_SIZE,
  poolCheckupsQueryOptions,
  poolQueryOptions,
  poolVersionsQueryOptions,
} from './checkup-pools.queries.ts';
import { ArchivePoolModal } from './pool-actions.tsx';
import { SendToPetsButton } from './send-to-pets.tsx';

const route = getRouteApi('/_default/checkups/pools/$uuid/');

const statusLabels: Record<CheckupStatus, string> = {
  sent: 'Sent',
  answered: 'Answered',
  reviewed: 'Reviewed',
};
const statusColors: Record<CheckupStatus, string> = { sent: 'gray', answered: 'orange', reviewed: 'teal' };

const dash = (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

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

function SectionError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Could not load this">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** The current version's questions as the vet needs them: with each option's sku and problematic flag. */
function QuestionsSection({ form }: { form: Form }) {
  return (
    <DetailSection title={`Questions (version ${form.version})`} testId="pool-questions">
      {form.questionCount === 0 ? (
        <Text size="sm" c="dimmed">
          This pool has no questions.
        </Text>
      ) : (
        <Stack gap="lg">
          {form.questionGroups.map((group) => (
            <Stack key={group.uuid} gap="sm" component="section" aria-label={group.title}>
              <Title order={3} fz="sm" tt="uppercase" c="dimmed">
                {group.title}
              </Title>
              {group.questions.map((question, q) => (
                <Stack key={question.uuid} gap={4}>
                  <Text size="sm" fw={600}>
                    {q + 1}. {question.title}
                  </Text>
                  <List size="sm" spacing={2} pl="md">
                    {question.options.map((option) => (
                      <List.Item key={option.uuid}>
                        <Group gap={6} wrap="wrap">
                          <Text size="sm" span>
                            {option.title}
                          </Text>
                          <Text size="xs" c="dimmed" ff="monospace" span>
                            {option.sku}
                          </Text>
                          {option.problematic && (
                            <Badge size="xs" color="red" variant="light" tt="none">
                              Problematic
                            </Badge>
                          )}
                        </Group>
                      </List.Item>
                    ))}
                  </List>
                </Stack>
              ))}
            </Stack>
          ))}
        </Stack>
      )}
    </DetailSection>
  );
}

function VersionsSection({ uuid }: { uuid: string }) {
  const versions = useQuery(poolVersionsQueryOptions(uuid));
  return (
    <DetailSection title="Versions" testId="pool-versions">
      {versions.isPending ? (
        <Skeleton height={90} />
      ) : versions.error ? (
        <SectionError error={versions.error} onRetry={() => void versions.refetch()} />
      ) : (
        <TableScroll label="Versions of the pool" minWidth={420}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>Saved</Table.Th>
                <Table.Th ta="right">Questions</Table.Th>
                <Table.Th ta="right">Checkups</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.data.versions.map((version) => (
                <Table.Tr key={version.version}>
                  <Table.Td>{version.version}</Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(version.createdAt)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {version.createdBy ? `by ${version.createdBy.name}` : 'by the system'}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{version.questionCount}</Table.Td>
                  <Table.Td ta="right">{version.checkupCount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </DetailSection>
  );
}

function CheckupsSection({ uuid }: { uuid: string }) {
  const [page, setPage] = useState(1);
  const checkups = useQuery({
    ...poolCheckupsQueryOptions(uuid, page),
    placeholderData: (previous) => previous,
  });
  const total = checkups.data?.pagination.total ?? 0;
  return (
    <DetailSection title="Checkups sent from this pool" testId="pool-checkups">
      {checkups.isPending ? (
        <Skeleton height={160} />
      ) : checkups.error ? (
        <SectionError error={checkups.error} onRetry={() => void checkups.refetch()} />
      ) : checkups.data.checkups.length === 0 ? (
        <Text size="sm" c="dimmed">
          No checkup was sent from this pool yet.
        </Text>
      ) : (
        <Stack gap="sm">
          <TableScroll label="Checkups sent from this pool" minWidth={620}>
            <Table verticalSpacing="xs" style={{ opacity: checkups.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Pet</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Sent</Table.Th>
                  <Table.Th>Answered</Table.Th>
                  <Table.Th>Version</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {checkups.data.checkups.map((checkup) => (
                  <Table.Tr key={checkup.uuid}>
                    <Table.Td>
                      <Anchor
                        size="sm"
                        fw={600}
                        renderRoot={(props) => (
                          <Link to="/checkups/$uuid" params={{ uuid: checkup.uuid }} {...props} />
                        )}
                      >
                        {checkup.pet.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {checkup.ownerName ?? ''}
                      </Text>
                      <PetAlertBadges alerts={checkup.pet.alerts} petName={checkup.pet.name} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Badge size="sm" variant="light" color={statusColors[checkup.status]} tt="none">
                          {statusLabels[checkup.status]}
                        </Badge>
                        {checkup.problematic && (
                          <Badge size="sm" variant="light" color="red" tt="none">
                            Problematic
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(checkup.sentAt)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {checkup.answeredAt ? formatDateTime(checkup.answeredAt) : dash}
                    </Table.Td>
                    <Table.Td>{checkup.form.version}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          {total > POOL_CHECKUPS_PAGE_SIZE && (
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {total} checkups
              </Text>
              <Pagination
                size="sm"
                total={Math.ceil(total / POOL_CHECKUPS_PAGE_SIZE)}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            </Group>
          )}
        </Stack>
      )}
    </DetailSection>
  );
}

/** `/checkups/pools/{uuid}`: a pool read-only, with its versions and the checkups sent from it. */
export function PoolPage() {
  const { uuid } = route.useParams();
  const { form } = useSuspenseQuery(poolQueryOptions(uuid)).data;
  const [archiving, setArchiving] = useState(false);
  const go = useNavigate();
  const rights = useReferenceDataRights();

  return (
    <Stack gap="lg" maw={1400}>
      <Anchor size="sm" renderRoot={(props) => <Link to="/checkups/pools" {...props} />}>
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
        All pools
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4} miw={0}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {form.title}
          </Title>
          <Group gap={6}>
            <Badge variant="light" tt="none" radius="sm">
              Version {form.version}
            </Badge>
            {form.archived && (
              <Badge variant="light" color="gray" tt="none" radius="sm">
                Archived
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            component="a"
            href={buildUrl(publicConfig.apiBaseUrl, `/v1/forms/${form.uuid}/fhir`, {})}
            download={`${form.sku}.questionnaire.json`}
          >
            Download as FHIR
          </Button>
          {!form.archived && <SendToPetsButton pool={form} />}
          {!form.archived && rights.delete === null && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconArchive size={16} />}
              onClick={() => setArchiving(true)}
            >
              {form.checkupCount > 0 ? 'Archive' : 'Delete'}
            </Button>
          )}
          {!form.archived && rights.edit === null && (
            <Button
              leftSection={<IconPencil size={16} />}
              renderRoot={(props) => <Link to="/checkups/pools/$uuid/edit" params={{ uuid }} {...props} />}
            >
              Edit
            </Button>
          )}
        </Group>
      </Group>
      {form.archived && (
        <Alert color="gray" variant="light" icon={<IconArchive size={18} />}>
          This pool is archived: it is no longer offered to send or fill, and its checkups stay readable.
        </Alert>
      )}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="pool-facts">
        <Grid gap="lg">
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Fact label="SKU">
              <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {form.sku}
              </Text>
            </Fact>
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Fact label="Questions">{form.questionCount}</Fact>
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Fact label="Checkups sent">{form.checkupCount}</Fact>
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Fact label="Last edited">
              {formatDateTime(form.updatedAt)}
              <Text size="xs" c="dimmed">
                {form.updatedBy ? `by ${form.updatedBy.name}` : 'by the system'}
              </Text>
            </Fact>
          </Grid.Col>
        </Grid>
      </Paper>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <QuestionsSection form={form} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="lg">
            <VersionsSection uuid={uuid} />
            <CheckupsSection uuid={uuid} />
          </Stack>
        </Grid.Col>
      </Grid>
      <ArchivePoolModal
        pool={form}
        opened={archiving}
        onClose={() => setArchiving(false)}
        onDone={(archived) => {
          if (!archived) void go({ to: '/checkups/pools' });
        }}
      />
    </Stack>
  );
}
