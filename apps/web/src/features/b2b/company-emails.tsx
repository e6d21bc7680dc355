import { Alert, Button, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { countOf, pluralForm } from '@vetboard/contract';
import { useState } from 'react';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { useDailyEmailPreviewMutation, useSendDailyEmailMutation } from './b2b.mutations.ts';
import { companyEmailsQueryOptions } from './b2b.queries.ts';
import { calendarToIso, DeliveryBadge, formatIsoDay, isoToCalendar } from './b2b-cells.tsx';
import { EmailPreviewModal } from './email-preview-modal.tsx';

export function DailyEmailButton({
  sku,
  date,
  today,
  written,
}: {
  sku: string;
  date: string;
  today: string;
  written: number;
}) {
  const [opened, setOpened] = useState(false);
  const preview = useDailyEmailPreviewMutation();
  const send = useSendDailyEmailMutation();
  const label = date === today ? 'E-mail today’s statuses' : `E-mail the statuses of ${formatIsoDay(date)}`;
  const body = { sku, date: isoToCalendar(date) };
  const checked = preview.data;
  const onDay = date === today ? 'today' : `on ${formatIsoDay(date)}`;
  const notice = checked && (
    <>
      {checked.alreadySent && (
        <Alert color="yellow" variant="light" title="Already sent" data-testid="daily-email-already-sent">
          These statuses were already e-mailed {date === today ? 'today' : `for ${formatIsoDay(date)}`} at{' '}
          {formatDateTime(checked.alreadySent.at)}
          {checked.alreadySent.by ? ` by ${checked.alreadySent.by.name}` : ''}, to{' '}
          {countOf(checked.alreadySent.recipients, { one: 'contact', other: 'contacts' })}. Send them again?
        </Alert>
      )}
      {checked.petsWithoutStatusCount > 0 && (
        <Alert color="orange" variant="light" data-testid="daily-email-missing">
          <Text size="sm" fw={600}>
            {checked.petsWithoutStatusCount} of {checked.companyPets}{' '}
            {pluralForm(checked.companyPets, { one: 'pet', other: 'pets' })}{' '}
            {pluralForm(checked.petsWithoutStatusCount, { one: 'has', other: 'have' })} no status {onDay}: the
            e-mail leaves {pluralForm(checked.petsWithoutStatusCount, { one: 'it', other: 'them' })} out.
          </Text>
          <Text size="sm">
            {checked.petsWithoutStatus.map((pet) => pet.name).join(', ')}
            {checked.petsWithoutStatusCount > checked.petsWithoutStatus.length &&
              ` and ${checked.petsWithoutStatusCount - checked.petsWithoutStatus.length} more`}
            .
          </Text>
        </Alert>
      )}
    </>
  );
  return (
    <>
      <Button
        leftSection={<IconMail size={16} aria-hidden />}
        onClick={() => {
          setOpened(true);
          preview.mutate(body);
        }}
        disabled={written === 0}
        data-testid="daily-email-button"
      >
        {label}
      </Button>
      <EmailPreviewModal
        opened={opened}
        title={label}
        preview={preview.data}
        loading={preview.isPending}
        error={preview.error ? errorMessage(preview.error) : send.error ? errorMessage(send.error) : null}
        sending={send.isPending}
        notice={notice}
        sendLabel={checked?.alreadySent ? 'Send again' : 'Send'}
        onClose={() => {
          setOpened(false);
          send.reset();
        }}
        onSend={() =>
          mutateThen(
            send,
            { ...body, resend: Boolean(checked?.alreadySent) },
            {
              onSuccess: (response) => {
                setOpened(false);
                notifications.show({
                  color: 'teal',
                  message: `${countOf(written, { one: 'status', other: 'statuses' })} e-mailed to ${countOf(
                    response.emails.length,
                    { one: 'recipient', other: 'recipients' },
                  )}.`,
                });
              },
            },
          )
        }
      />
    </>
  );
}

const EMAILS_PAGE_SIZE = 10;

export function EmailsCard({ sku }: { sku: string }) {
  const [page, setPage] = useState(1);
  const emails = useQuery(companyEmailsQueryOptions({ sku, page, pageSize: EMAILS_PAGE_SIZE }));
  const rows = emails.data?.emails ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          E-mails sent
        </Title>
        {emails.isPending ? (
          <Text size="sm" c="dimmed">
            Loading…
          </Text>
        ) : emails.error ? (
          <Alert color="red">{errorMessage(emails.error)}</Alert>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No e-mail has been sent to this company yet.
          </Text>
        ) : (
          <TableScroll label="E-mails sent" minWidth={760}>
            <Table verticalSpacing="xs" data-testid="emails-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>To</Table.Th>
                  <Table.Th>By</Table.Th>
                  <Table.Th>Delivery</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((email) => (
                  <Table.Tr key={email.uuid} data-testid="email-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(email.createdAt)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{email.subject}</Text>
                      <Text size="xs" c="dimmed">
                        {email.kind === 'urgent_report'
                          ? `Urgent report${email.pet ? ` about ${email.pet.name}` : ''}`
                          : `Daily statuses${email.date ? ` of ${formatIsoDay(calendarToIso(email.date))}` : ''}`}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{email.to}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{email.sentBy?.name ?? 'System'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        <DeliveryBadge status={email.status} />
                        {email.status === 'failed' && email.lastError && (
                          <Text size="xs" c="red.8">
                            {email.lastError}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {emails.data && emails.data.pagination.pageCount > 1 && (
          <Pagination
            total={emails.data.pagination.pageCount}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `E-mails page ${item}` })}
          />
        )}
      </Stack>
    </Paper>
  );
}
