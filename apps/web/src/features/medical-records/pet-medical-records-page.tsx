import { Alert, Anchor, EmptyState, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ListPageHeader } from '@/components/lists/list-page-header.tsx';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatCalendarDate } from '@/lib/format/calendar-date.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { petMedicalRecordsQueryOptions } from './medical-records.queries.ts';
import { RecordLabels, RecordStatusBadge, uploaderName } from './record-cells.tsx';
import { RecordUploader } from './record-upload.tsx';

const route = getRouteApi('/pets/$uuid/medical-records');

/** `/pets/{uuid}/medical-records`: the pet's documents, newest upload first, and the place to add more. */
export function PetMedicalRecordsPage() {
  const { uuid } = route.useParams();
  const pet = useSuspenseQuery(petQueryOptions(uuid)).data.petProfile;
  const records = useQuery(petMedicalRecordsQueryOptions(uuid));
  const rows = records.data?.medicalRecords;
  const counts = records.data?.counts;

  return (
    <Stack gap="lg" maw={1100}>
      <ListPageHeader
        title="Medical Records"
        description={`Lab results, reports and invoices uploaded for ${pet.name}, newest first.${
          counts ? ` ${counts.pending} awaiting review.` : ''
        }`}
      />
      <RecordUploader petUuid={uuid} petName={pet.name} />
      <Paper withBorder>
        {records.isError ? (
          <Alert color="red" variant="light" title="Could not load the records" m="md">
            {errorMessage(records.error)}
          </Alert>
        ) : rows === undefined ? (
          <Stack gap="md" p="md" aria-busy="true">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={40} />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <EmptyState
            py={48}
            icon={<IconFileText size={28} stroke={1.5} />}
            withIndicatorBackground
            title="No records yet"
            description={`Nothing has been uploaded for ${pet.name}. Drop a PDF or an image above.`}
            data-testid="records-empty"
          />
        ) : (
          <TableScroll label={`${pet.name}’s medical records`} minWidth={760}>
            <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Medical records" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Document</Table.Th>
                  <Table.Th>Labels</Table.Th>
                  <Table.Th>Uploaded</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((record) => (
                  <Table.Tr key={record.uuid}>
                    <Table.Td>
                      <Stack gap={0} maw={320}>
                        <Anchor
                          fw={600}
                          size="sm"
                          lineClamp={2}
                          renderRoot={(props) => (
                            <Link to="/medical-records/$uuid" params={{ uuid: record.uuid }} {...props} />
                          )}
                        >
                          {record.title}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {formatCalendarDate(record.documentDate)}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <RecordLabels labels={record.labels} />
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={0}>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {formatDateTime(record.uploadedAt)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {uploaderName(record)}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <RecordStatusBadge status={record.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Paper>
      {records.data && records.data.pagination.total > (rows?.length ?? 0) && (
        <Group gap={4}>
          <Text size="sm" c="dimmed">
            The {rows?.length} most recent of {records.data.pagination.total} records.
          </Text>
          <Anchor
            size="sm"
            renderRoot={(props) => <Link to="/medical-records" search={{ petUuid: uuid }} {...props} />}
          >
            See them all in the inbox
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}
