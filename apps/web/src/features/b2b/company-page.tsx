import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCalendar, IconMail, IconPencil, IconTrash } from '@tabler/icons-react';
import { hashKey, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import {
  type B2bPet,
  type Company,
  canEditCompanyContacts,
  companyContactsSchema,
  companyKindLabels,
  type DailyStatus,
  type DailyStatusFilter,
  MAX_DAILY_STATUS_LENGTH,
} from '@vetboard/contract';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { useServerDraft } from '@/components/editors/server-draft.ts';
import { ConfirmModal } from '@/components/feedback/confirm-modal.tsx';
import { SavedElsewhere } from '@/components/feedback/saved-elsewhere.tsx';
import type { DataTableColumn } from '@/components/lists/data-table.tsx';
import { useHeldRows } from '@/components/lists/held-rows.ts';
import { ListPage } from '@/components/lists/list-page.tsx';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import { useListPage, useListQuery } from '@/components/lists/use-list-page.ts';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { useAuthState } from '@/lib/auth/auth-store.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import {
  useCreateDailyStatusMutation,
  useDailyEmailPreviewMutation,
  useDeleteDailyStatusMutation,
  useEditDailyStatusMutation,
  useSendDailyEmailMutation,
  useUpdateContactsMutation,
} from './b2b.mutations.ts';
import {
  b2bPetsQueryOptions,
  companyEmailsQueryOptions,
  companyQueryOptions,
  dailyStatusOfDayQueryOptions,
  localToday,
} from './b2b.queries.ts';
import { calendarToIso, DeliveryBadge, formatIsoDay, isoToCalendar } from './b2b-cells.tsx';
import { COMPANY_PET_FILTERS, type CompanyPetsSearch, companyPetsQuery } from './b2b-search.ts';
import { EmailPreviewModal } from './email-preview-modal.tsx';

const route = getRouteApi('/_default/b2b/$sku/');

const ALL = 'all';

const petKey = (pet: B2bPet) => pet.uuid;

/** The text box of one pet's status: Enter saves, Shift+Enter starts a new line. */
function StatusInput({
  pet,
  text,
  onText,
  saving,
  error,
  onSave,
  onCancel,
  register,
}: {
  pet: B2bPet;
  text: string;
  onText: (text: string) => void;
  saving: boolean;
  error: string | null;
  onSave: (text: string) => void;
  onCancel?: () => void;
  register?: (element: HTMLTextAreaElement | null) => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (text.trim() && !saving) onSave(text);
    } else if (event.key === 'Escape' && onCancel) onCancel();
  };
  return (
    <Textarea
      ref={register}
      aria-label={`Daily status of ${pet.name}`}
      placeholder={`How was ${pet.name}’s day? Enter saves and moves on`}
      value={text}
      onChange={(event) => onText(event.currentTarget.value)}
      onKeyDown={onKeyDown}
      autosize
      minRows={1}
      maxRows={6}
      maxLength={MAX_DAILY_STATUS_LENGTH}
      disabled={saving}
      error={error}
      data-testid="status-input"
      autoFocus={Boolean(onCancel)}
    />
  );
}

function WrittenStatus({
  status,
  onEdit,
  onDelete,
}: {
  status: DailyStatus;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" data-testid="written-status">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {status.dailyStatus}
        </Text>
        <Text size="xs" c="dimmed">
          {status.author ? status.author.name : 'Unknown vet'}
          {status.updatedBy && status.updatedAt
            ? ` · edited by ${status.updatedBy.name}, ${formatDateTime(status.updatedAt)}`
            : ''}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        <Tooltip label="Edit">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={onEdit}
            aria-label={`Edit the status of ${status.petName}`}
          >
            <IconPencil size={16} aria-hidden />
          </Button>
        </Tooltip>
        <Tooltip label="Delete">
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            onClick={onDelete}
            aria-label={`Delete the status of ${status.petName}`}
          >
            <IconTrash size={16} aria-hidden />
          </Button>
        </Tooltip>
      </Group>
    </Group>
  );
}

/**
 * One pet's status of the day: written (with edit and delete) or a box to write it. `held`: the list no
 * longer returns the pet (a colleague's status took it out of "Missing", or their delete out of
 * "Written") and the row stays only for what the vet is typing; its status is then read on its own.
 */
function StatusCell({
  pet,
  date,
  held,
  register,
  onWritten,
  onUnsaved,
}: {
  pet: B2bPet;
  date: string;
  held: boolean;
  register: (uuid: string, element: HTMLTextAreaElement | null) => void;
  onWritten: (uuid: string) => void;
  onUnsaved: (uuid: string, unsaved: boolean) => void;
}) {
  const create = useCreateDailyStatusMutation();
  const edit = useEditDailyStatusMutation();
  const remove = useDeleteDailyStatusMutation();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const ofDay = useQuery({ ...dailyStatusOfDayQueryOptions(pet.uuid, date), enabled: held });
  // Shown at once, before the list comes back with it (an edit adds to `edits`, so the newer of the two
  // is known), and forgotten once the list has it, so what is done elsewhere later shows.
  const [saved, setSaved] = useState<DailyStatus | null>(null);
  const listed = held && ofDay.data !== undefined ? ofDay.data : pet.dailyStatus;
  if (saved && listed?.uuid === saved.uuid && listed.edits.length >= saved.edits.length) setSaved(null);
  const savedIsNewer =
    saved !== null && (!listed || (listed.uuid === saved.uuid && saved.edits.length > listed.edits.length));
  const status = savedIsNewer ? saved : listed;
  // What the vet types is a draft of the saved status (none: ''). Live updates bring the status back
  // (this vet's own, or one a colleague wrote meanwhile): an untouched draft follows it, a draft being
  // typed is kept, and a colleague's status under it is said, with a way to take it.
  const server = status?.dailyStatus ?? '';
  const draft = useServerDraft(server);
  const unsaved = draft.edited && draft.text.trim() !== '';
  // Held in the list while there is unsaved text; let go when it is saved or dropped, or the row goes.
  useEffect(() => {
    if (!unsaved) return;
    onUnsaved(pet.uuid, true);
    return () => onUnsaved(pet.uuid, false);
  }, [onUnsaved, pet.uuid, unsaved]);

  if (status && !editing && !draft.edited)
    return (
      <>
        <WrittenStatus
          status={status}
          onEdit={() => setEditing(true)}
          onDelete={() => setConfirmDelete(true)}
        />
        <ConfirmModal
          opened={confirmDelete}
          title={`Delete ${pet.name}’s status?`}
          confirmLabel="Delete"
          confirmColor="red"
          loading={remove.isPending}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() =>
            mutateThen(
              remove,
              { uuid: status.uuid, petUuid: pet.uuid },
              {
                onSuccess: () => {
                  setSaved(null);
                  setConfirmDelete(false);
                  notifications.show({ color: 'teal', message: `${pet.name}’s status deleted.` });
                },
              },
            )
          }
        >
          It leaves the list and the e-mails; it is kept in the record with who deleted it and when.
        </ConfirmModal>
      </>
    );
  // One editor for a new status and for an edit, so the box the vet types in stays mounted, focus and
  // all, when a colleague's status arrives under it.
  const saving = status ? edit : create;
  const takeSaved = () => {
    draft.takeSaved();
    setEditing(false);
  };
  return (
    <Editor
      name="b2b-status"
      what={`${pet.name}’s status`}
      dirty={() => unsaved && !saving.isPending}
      dirtyOnUnload={() => unsaved}
    >
      <Stack gap="xs">
        <StatusInput
          pet={pet}
          text={draft.text}
          onText={draft.setText}
          saving={saving.isPending}
          error={saving.error ? errorMessage(saving.error) : null}
          register={status ? undefined : (element) => register(pet.uuid, element)}
          onCancel={status ? takeSaved : undefined}
          onSave={(dailyStatus) =>
            status
              ? mutateThen(
                  edit,
                  { uuid: status.uuid, dailyStatus },
                  {
                    onSuccess: (response) => {
                      setSaved(response.dailyStatus);
                      setEditing(false);
                    },
                  },
                )
              : mutateThen(
                  create,
                  { petUuid: pet.uuid, date: isoToCalendar(date), dailyStatus },
                  {
                    onSuccess: (response) => {
                      setSaved(response.dailyStatus);
                      onWritten(pet.uuid);
                    },
                  },
                )
          }
        />
        {status && (!editing || draft.overtaken) && (
          <SavedElsewhere
            testId="status-overtaken"
            saved={`“${server}”`}
            takeLabel="Use the saved status"
            onTake={takeSaved}
          >
            {status.author?.name ?? 'Another vet'} saved a status for {pet.name} while you were typing.
          </SavedElsewhere>
        )}
      </Stack>
    </Editor>
  );
}

function DailyEmailButton({
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
        onClose={() => {
          setOpened(false);
          send.reset();
        }}
        onSend={() =>
          mutateThen(send, body, {
            onSuccess: (response) => {
              setOpened(false);
              notifications.show({
                color: 'teal',
                message: `${written} ${written === 1 ? 'status' : 'statuses'} e-mailed to ${response.emails.length} ${
                  response.emails.length === 1 ? 'recipient' : 'recipients'
                }.`,
              });
            },
          })
        }
      />
    </>
  );
}

const lines = (value: string) =>
  value
    .split(/[\n,;]/)
    .map((line) => line.trim())
    .filter(Boolean);

function ContactsCard({ company }: { company: Company }) {
  const me = useAuthState().vet;
  const mayEdit = me !== null && canEditCompanyContacts(me);
  const [opened, setOpened] = useState(false);
  const [daily, setDaily] = useState('');
  const [urgent, setUrgent] = useState('');
  const [errors, setErrors] = useState<{ daily?: string; urgent?: string }>({});
  const update = useUpdateContactsMutation(company.sku);
  const open = () => {
    setDaily(company.dailyStatusEmails.join('\n'));
    setUrgent(company.urgentReportEmails.join('\n'));
    setErrors({});
    update.reset();
    setOpened(true);
  };
  const contactsChanged = () =>
    daily !== company.dailyStatusEmails.join('\n') || urgent !== company.urgentReportEmails.join('\n');
  const save = () => {
    const parsed = companyContactsSchema.safeParse({
      dailyStatusEmails: lines(daily),
      urgentReportEmails: lines(urgent),
    });
    if (!parsed.success) {
      const found: { daily?: string; urgent?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'dailyStatusEmails' ? 'daily' : 'urgent';
        const index = typeof issue.path[1] === 'number' ? issue.path[1] : null;
        const list = field === 'daily' ? lines(daily) : lines(urgent);
        found[field] ??= index === null ? issue.message : `${list[index]}: ${issue.message}`;
      }
      setErrors(found);
      return;
    }
    mutateThen(update, parsed.data, {
      onSuccess: () => {
        setOpened(false);
        notifications.show({ color: 'teal', message: `${company.name}’s contacts saved.` });
      },
    });
  };
  const list = (emails: string[]) =>
    emails.length > 0 ? (
      <Group gap={6}>
        {emails.map((email) => (
          <Badge key={email} variant="light" color="gray" tt="none">
            {email}
          </Badge>
        ))}
      </Group>
    ) : (
      <Text size="sm" c="dimmed">
        None yet
      </Text>
    );
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Contacts
          </Title>
          {mayEdit && (
            <Button variant="default" size="xs" onClick={open}>
              Edit contacts
            </Button>
          )}
        </Group>
        <Text size="sm" fw={600}>
          Daily statuses
        </Text>
        {list(company.dailyStatusEmails)}
        <Text size="sm" fw={600}>
          Urgent reports
        </Text>
        {list(company.urgentReportEmails)}
      </Stack>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`${company.name}: contacts`}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Editor
          name="b2b-company-contacts"
          what="the contacts"
          dirty={() => contactsChanged() && !update.isPending}
        >
          <Stack>
            <Textarea
              label="Daily status e-mails"
              description="One address per line"
              value={daily}
              onChange={(event) => setDaily(event.currentTarget.value)}
              error={errors.daily}
              autosize
              minRows={2}
            />
            <Textarea
              label="Urgent report e-mails"
              description="One address per line"
              value={urgent}
              onChange={(event) => setUrgent(event.currentTarget.value)}
              error={errors.urgent}
              autosize
              minRows={2}
            />
            {update.error && <Alert color="red">{errorMessage(update.error)}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button onClick={save} loading={update.isPending}>
                Save contacts
              </Button>
            </Group>
          </Stack>
        </Editor>
      </Modal>
    </Paper>
  );
}

const EMAILS_PAGE_SIZE = 10;

function EmailsCard({ sku }: { sku: string }) {
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

/**
 * `/b2b/{sku}`: the company's pets with the day's status. A vet writes them one after the other from
 * the keyboard: Enter saves and moves to the next pet still without one. The day, the written/missing
 * filter and the search live in the URL.
 */
export function CompanyPage() {
  const { sku } = route.useParams();
  const company = useSuspenseQuery(companyQueryOptions(sku)).data.company;
  const state = useListPage(route.useSearch(), route.useNavigate(), COMPANY_PET_FILTERS);
  const { search, update } = state;
  const today = localToday();
  const date = search.date ?? today;
  const listOptions = b2bPetsQueryOptions(companyPetsQuery(sku, search, today));
  const list = useListQuery(listOptions);
  const counts = list.data?.counts;
  const shown = useHeldRows(
    list.data?.pets,
    list.isPlaceholderData ? null : hashKey(listOptions.queryKey),
    petKey,
  );
  const { isHeld, setEditing: onUnsaved } = shown;
  const inputs = useRef(new Map<string, HTMLTextAreaElement>());
  const rowsRef = useRef<readonly B2bPet[]>([]);
  rowsRef.current = shown.rows ?? [];
  const written = useRef(new Set<string>());

  const columns = useMemo<DataTableColumn<B2bPet, CompanyPetsSearch['sort']>[]>(() => {
    const register = (uuid: string, element: HTMLTextAreaElement | null) => {
      if (element) inputs.current.set(uuid, element);
      else inputs.current.delete(uuid);
    };
    /** After a save, the next pet down the page still without a status (then from the top). */
    const onWritten = (uuid: string) => {
      written.current.add(uuid);
      const rows = rowsRef.current;
      const at = rows.findIndex((row) => row.uuid === uuid);
      const order = [...rows.slice(at + 1), ...rows.slice(0, Math.max(at, 0))];
      const next = order.find(
        (row) => !row.dailyStatus && !written.current.has(row.uuid) && inputs.current.has(row.uuid),
      );
      if (next) inputs.current.get(next.uuid)?.focus();
    };
    return [
      {
        key: 'pet',
        header: 'Pet and owner',
        sortField: 'name',
        // A share, not a fixed width: on a phone the status box keeps most of the row, so thirty
        // statuses are written without scrolling sideways to each one.
        width: '30%',
        render: (pet) => (
          <Stack gap={0}>
            <Anchor
              fw={600}
              size="sm"
              renderRoot={(props) => (
                <Link to="/b2b/$sku/$uuid" params={{ sku, uuid: pet.uuid }} {...props} />
              )}
            >
              {pet.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {[pet.breed, pet.ownerName].filter(Boolean).join(' · ') || '—'}
            </Text>
          </Stack>
        ),
      },
      {
        key: 'status',
        header: 'Daily status',
        render: (pet) => (
          <StatusCell
            key={`${pet.uuid}:${date}`}
            pet={pet}
            date={date}
            held={isHeld(pet.uuid)}
            register={register}
            onWritten={onWritten}
            onUnsaved={onUnsaved}
          />
        ),
      },
    ];
  }, [sku, date, isHeld, onUnsaved]);

  return (
    <Stack gap="lg">
      <Anchor size="sm" renderRoot={(props) => <Link to="/b2b" {...props} />}>
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          B2B companies
        </Group>
      </Anchor>
      <ListPage
        state={state}
        query={list}
        rows={shown.rows}
        title={company.name}
        description={
          <>
            {companyKindLabels[company.kind]} · {company.sku} · {company.petsCount} pets
            {counts ? ` · ${counts.written} of ${counts.pets} statuses written on ${formatIsoDay(date)}` : ''}
          </>
        }
        actions={<DailyEmailButton sku={sku} date={date} today={today} written={counts?.written ?? 0} />}
        searchLabel="Search pets"
        searchPlaceholder="Search by pet or owner"
        filters={
          <>
            <DatePickerInput
              // The name holds the day shown on the button (WCAG 2.5.3).
              aria-label={`Day ${formatIsoDay(date)}`}
              value={date}
              onChange={(value) => update({ date: value && value !== today ? value : undefined, page: 1 })}
              valueFormat="DD/MM/YYYY"
              leftSection={<IconCalendar size={16} aria-hidden />}
              maxDate={today}
              ariaLabels={{
                previousMonth: 'Previous month',
                nextMonth: 'Next month',
                previousYear: 'Previous year',
                nextYear: 'Next year',
                previousDecade: 'Previous decade',
                nextDecade: 'Next decade',
              }}
              w={{ base: '100%', xs: 170 }}
              popoverProps={{ withinPortal: true }}
              data-testid="day-picker"
            />
            <SegmentedControl
              aria-label="Statuses"
              data={[
                { value: ALL, label: `All${counts ? ` (${counts.pets})` : ''}` },
                { value: 'written', label: `Written${counts ? ` (${counts.written})` : ''}` },
                { value: 'missing', label: `Missing${counts ? ` (${counts.missing})` : ''}` },
              ]}
              value={search.status ?? ALL}
              onChange={(value) =>
                update({ status: value === ALL ? undefined : (value as DailyStatusFilter), page: 1 })
              }
              size="xs"
              w={{ base: '100%', sm: 'auto' }}
              data-testid="status-filter"
            />
          </>
        }
        noun="pets"
        table={{ label: `${company.name} pets`, columns, rowKey: petKey, minWidth: 340 }}
      />
      <ContactsCard company={company} />
      <EmailsCard sku={sku} />
    </Stack>
  );
}
