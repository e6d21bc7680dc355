import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import {
  type CompanyEmail,
  type DailyStatus,
  MAX_DAILY_STATUS_LENGTH,
  urgentReportEmailSchema,
} from '@vetboard/contract';
import { useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { OpenPendingCardsCard } from '@/components/pending-cards/open-pending-cards-card.tsx';
import { LatestTrackersCard } from '@/components/trackers/latest-trackers-card.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { useSendUrgentReportMutation, useUrgentPreviewMutation } from './b2b.mutations.ts';
import {
  companyEmailsQueryOptions,
  companyQueryOptions,
  dailyStatusHistoryQueryOptions,
} from './b2b.queries.ts';
import { calendarToIso, formatIsoDay } from './b2b-cells.tsx';
import { EmailPreviewModal } from './email-preview-modal.tsx';

const route = getRouteApi('/_default/b2b/$sku/$uuid');

/** One urgent report as sent: its words, who sent it when, and to which contacts. */
interface UrgentSend {
  at: CompanyEmail['createdAt'];
  by: CompanyEmail['sentBy'];
  text: string;
  to: string[];
}

/** A send is one e-mail per contact, all at one time: one history entry. */
function urgentSends(emails: readonly CompanyEmail[]): UrgentSend[] {
  const sends = new Map<number, UrgentSend>();
  for (const email of emails) {
    if (!email.reportText) continue;
    const send = sends.get(email.createdAt.seconds);
    if (send) send.to.push(email.to);
    else
      sends.set(email.createdAt.seconds, {
        at: email.createdAt,
        by: email.sentBy,
        text: email.reportText,
        to: [email.to],
      });
  }
  return [...sends.values()];
}

function UrgentEntry({ send }: { send: UrgentSend }) {
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="history-urgent-report" bg="var(--mantine-color-red-0)">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Badge color="red" variant="light" radius="sm">
            Urgent report
          </Badge>
          <Text size="xs" c="dimmed">
            {send.by?.name ?? 'A vet'}, {formatDateTime(send.at)}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {send.text}
        </Text>
        <Text size="xs" c="dimmed">
          Sent to {send.to.join(', ')}
        </Text>
      </Stack>
    </Paper>
  );
}

function HistoryEntry({ status }: { status: DailyStatus }) {
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="history-entry">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {formatIsoDay(calendarToIso(status.date))}
          </Text>
          <Text size="xs" c="dimmed">
            {status.author?.name ?? 'Unknown vet'}, {formatDateTime(status.createdAt)}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {status.dailyStatus}
        </Text>
        {status.updatedAt && (
          <Text size="xs" c="dimmed">
            Edited by {status.updatedBy?.name ?? 'a vet'}, {formatDateTime(status.updatedAt)}
          </Text>
        )}
        {status.edits.length > 0 && (
          <details>
            <summary>
              <Text span size="xs">
                {status.edits.length === 1 ? 'Earlier text' : `${status.edits.length} earlier texts`}
              </Text>
            </summary>
            <Stack gap={4} mt={4}>
              {[...status.edits].reverse().map((edit) => (
                <Text key={edit.at.seconds} size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                  {edit.dailyStatus} — {edit.by?.name ?? 'a vet'}, {formatDateTime(edit.at)}
                </Text>
              ))}
            </Stack>
          </details>
        )}
      </Stack>
    </Paper>
  );
}

function UrgentReportCard({ sku, petUuid, petName }: { sku: string; petUuid: string; petName: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const preview = useUrgentPreviewMutation();
  const send = useSendUrgentReportMutation(sku);
  const open = () => {
    const parsed = urgentReportEmailSchema.safeParse({ petUuid, text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write the report');
      return;
    }
    setError(null);
    setOpened(true);
    preview.mutate(parsed.data);
  };
  return (
    <Editor
      name="b2b-urgent-report"
      what="the urgent report"
      dirty={() => text.trim() !== '' && !send.isPending}
      dirtyOnUnload={() => text.trim() !== ''}
    >
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group gap="xs">
            <IconAlertTriangle size={18} aria-hidden color="var(--mantine-color-red-8)" />
            <Title order={2} size="h4">
              Urgent report
            </Title>
          </Group>
          <Textarea
            label="What the company must know now"
            placeholder={`What is wrong with ${petName}, and what should they do?`}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={error}
            autosize
            minRows={3}
            maxLength={MAX_DAILY_STATUS_LENGTH}
            data-testid="urgent-text"
          />
          <Group justify="flex-end">
            <Button color="red" onClick={open} data-testid="urgent-preview-button">
              Preview the urgent report
            </Button>
          </Group>
        </Stack>
        <EmailPreviewModal
          opened={opened}
          title={`Urgent report about ${petName}`}
          preview={preview.data}
          loading={preview.isPending}
          error={preview.error ? errorMessage(preview.error) : send.error ? errorMessage(send.error) : null}
          sending={send.isPending}
          onClose={() => {
            setOpened(false);
            send.reset();
          }}
          onSend={() =>
            mutateThen(
              send,
              { petUuid, text },
              {
                onSuccess: (response) => {
                  setOpened(false);
                  setText('');
                  notifications.show({
                    color: 'teal',
                    message: `Urgent report about ${petName} e-mailed to ${response.emails.map((e) => e.to).join(', ')}.`,
                  });
                },
              },
            )
          }
        />
      </Paper>
    </Editor>
  );
}

/** `/b2b/{sku}/{uuid}`: one pet's daily-status history, its latest vitals and open pending cards, and the urgent report. */
export function B2bPetPage() {
  const { sku, uuid } = route.useParams();
  const company = useSuspenseQuery(companyQueryOptions(sku)).data.company;
  const pet = useSuspenseQuery(petQueryOptions(uuid)).data.petProfile;
  const history = useQuery(dailyStatusHistoryQueryOptions(uuid));
  const statuses = history.data?.dailyStatuses ?? [];
  // Urgent reports belong to the pet's story too, in time order with its statuses.
  const urgent = useQuery(
    companyEmailsQueryOptions({ sku, kind: 'urgent_report', petUuid: uuid, page: 1, pageSize: 50 }),
  );
  const entries = [
    ...statuses.map((status) => ({ at: status.createdAt.seconds, status, send: null })),
    ...urgentSends(urgent.data?.emails ?? []).map((send) => ({ at: send.at.seconds, status: null, send })),
  ].sort((a, b) => b.at - a.at);
  return (
    <Stack gap="lg">
      <Anchor size="sm" renderRoot={(props) => <Link to="/b2b/$sku" params={{ sku }} {...props} />}>
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {company.name}
        </Group>
      </Anchor>
      <Stack gap={4}>
        <Title order={1}>{pet.name}</Title>
        <Text c="dimmed" size="sm">
          {[pet.breedName, company.name].filter(Boolean).join(' · ')} ·{' '}
          <Anchor
            size="sm"
            underline="always"
            renderRoot={(props) => <Link to="/pets/$uuid" params={{ uuid }} {...props} />}
          >
            Open the pet’s profile
          </Anchor>
        </Text>
      </Stack>
      <Grid gap="lg">
        {/* On a phone the urgent report comes before the month of history, so it is sent in a minute. */}
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              Daily statuses
            </Title>
            {history.isPending ? (
              <Text size="sm" c="dimmed">
                Loading…
              </Text>
            ) : history.error ? (
              <Alert color="red">{errorMessage(history.error)}</Alert>
            ) : entries.length === 0 ? (
              <Text size="sm" c="dimmed">
                No daily status has been written for {pet.name} yet.
              </Text>
            ) : (
              <Stack gap="xs" data-testid="status-history">
                {entries.map((entry) =>
                  entry.status ? (
                    <HistoryEntry key={entry.status.uuid} status={entry.status} />
                  ) : entry.send ? (
                    <UrgentEntry key={`urgent-${entry.at}`} send={entry.send} />
                  ) : null,
                )}
              </Stack>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <Stack gap="lg">
            <UrgentReportCard sku={sku} petUuid={uuid} petName={pet.name} />
            <LatestTrackersCard petUuid={uuid} />
            <OpenPendingCardsCard petUuid={uuid} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
