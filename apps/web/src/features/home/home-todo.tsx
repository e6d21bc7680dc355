import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconBell,
  IconBuildingSkyscraper,
  IconClipboardHeart,
  IconFileText,
  IconMessageQuestion,
  IconNotebook,
  IconReportAnalytics,
  IconVaccine,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, type LinkComponentProps } from '@tanstack/react-router';
import {
  type HomeResponse,
  type PendingCardSeverity,
  type PendingCardSummary,
  type PetQuestion,
  pendingCardConcernLabels,
  pendingCardSeverityLabels,
  type Reminder,
} from '@vetboard/contract';
import { type ReactNode, useEffect } from 'react';
import { PetAlertBadges } from '@/components/pets/pet-alert-badges.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { publicConfig } from '@/lib/config/public-config.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { showAlertFavicon } from './favicon.ts';
import { homeQueryOptions } from './home.queries.ts';
import classes from './home-page.module.css';

const ICON = { size: 22, stroke: 1.6 };

const SEVERITY_COLORS: Record<PendingCardSeverity, string> = {
  'high-red': 'red',
  'high-orange': 'orange',
  high: 'yellow',
};

const DUE_LABELS = { overdue: 'Overdue', today: 'Due today', later: 'Later' } as const;
const DUE_COLORS = { overdue: 'red', today: 'orange', later: 'gray' } as const;

/** Today, as the inboxes' day filters write it (the vet's own calendar day). */
function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

interface CountProps {
  count: number;
  label: string;
  name: string;
  /** The inbox it opens, already filtered; a queue with no inbox of its own shows the count alone. */
  link?: LinkComponentProps;
  size?: 'sm' | 'lg';
}

/** One count that opens its inbox already filtered. */
function CountLink({ count, label, name, link, size = 'sm' }: CountProps) {
  const figure =
    size === 'lg' ? (
      <Text fz={32} fw={700} lh={1.1} span data-testid={`count-${name}`}>
        {count}
      </Text>
    ) : (
      <Text size="sm" span>
        <Text span fw={700} data-testid={`count-${name}`}>
          {count}
        </Text>{' '}
        {label}
      </Text>
    );
  // Read with the tile's title and description around it; a name on a plain element is not allowed.
  if (!link) return figure;
  return (
    <Anchor
      renderRoot={(props) => <Link {...link} {...props} />}
      underline="hover"
      c="inherit"
      data-count={name}
      aria-label={`${count} ${label}`}
    >
      {figure}
    </Anchor>
  );
}

function Tile({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" className={classes.tile}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={42} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{title}</Text>
          {children}
        </Stack>
      </Group>
    </Card>
  );
}

/** A queue's tile: its one count, large, and what the count is of. */
function QueueTile({
  title,
  icon,
  description,
  ...count
}: Omit<CountProps, 'size'> & { title: string; icon: ReactNode; description: string }) {
  return (
    <Tile title={title} icon={icon}>
      <CountLink {...count} size="lg" />
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </Tile>
  );
}

function Counts({ home }: { home: HomeResponse }) {
  const cards = home.pendingCards;
  const today = localToday();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
      <Tile title="Pending cards" icon={<IconAlertTriangle {...ICON} />}>
        <CountLink
          count={cards.open}
          label="open pending cards"
          name="pendingCards"
          size="lg"
          link={{ to: '/pending-cards' }}
        />
        <Group gap={6}>
          {(
            [
              ['high-red', cards.highRed],
              ['high-orange', cards.highOrange],
              ['high', cards.high],
            ] as const
          ).map(([severity, count]) => (
            <Badge
              key={severity}
              variant="light"
              color={SEVERITY_COLORS[severity]}
              tt="none"
              renderRoot={(props) => <Link to="/pending-cards" search={{ severity }} {...props} />}
              data-count={`pendingCards-${severity}`}
              aria-label={`${pendingCardSeverityLabels[severity]}: ${count} open cards`}
            >
              {pendingCardSeverityLabels[severity]}: {count}
            </Badge>
          ))}
        </Group>
        <CountLink
          count={cards.mine}
          label="claimed by me"
          name="pendingCardsMine"
          link={{ to: '/pending-cards', search: { assignment: 'mine' } }}
        />
      </Tile>
      <Tile title={`${publicConfig.productName} Vet Reminders`} icon={<IconBell {...ICON} />}>
        <CountLink
          count={home.myReminders.overdue}
          label="of mine overdue"
          name="remindersOverdue"
          link={{ to: '/reminders', search: { assignment: 'mine' } }}
        />
        <CountLink
          count={home.myReminders.dueToday}
          label="of mine due today"
          name="remindersDueToday"
          link={{ to: '/reminders', search: { assignment: 'mine', from: today, to: today } }}
        />
      </Tile>
      <QueueTile
        title="Checkups"
        icon={<IconClipboardHeart {...ICON} />}
        count={home.checkupsToReview}
        label="checkups to review"
        name="checkupsToReview"
        link={{ to: '/checkups', search: { status: 'answered' } }}
        description="Answered, awaiting a review"
      />
      <QueueTile
        title="Health Symptoms Journal"
        icon={<IconNotebook {...ICON} />}
        count={home.newJournalEntries}
        label="new journal entries"
        name="newJournalEntries"
        link={{ to: '/journal', search: { status: 'new' } }}
        description="New entries from owners"
      />
      <QueueTile
        title="Medical records"
        icon={<IconFileText {...ICON} />}
        count={home.medicalRecordsToReview}
        label="medical records to review"
        name="medicalRecordsToReview"
        link={{ to: '/medical-records', search: { status: 'pending' } }}
        description="Documents awaiting a review"
      />
      <QueueTile
        title="B2B"
        icon={<IconBuildingSkyscraper {...ICON} />}
        count={home.b2bPetsWithoutStatus}
        label="B2B pets without today’s status"
        name="b2bPetsWithoutStatus"
        link={{ to: '/b2b' }}
        description="Pets without today’s daily status"
      />
      <QueueTile
        title="Weekly Reports"
        icon={<IconReportAnalytics {...ICON} />}
        count={home.weeklyReportsToReview}
        label="weekly reports to review"
        name="weeklyReportsToReview"
        link={{ to: '/weekly-reports', search: { status: 'draft' } }}
        description="Drafts to review before they go to owners"
      />
      <QueueTile
        title="Preventive care overdue"
        icon={<IconVaccine {...ICON} />}
        count={home.preventiveCareOverdue}
        label="vaccines and treatments overdue"
        name="preventiveCareOverdue"
        link={{ to: '/preventive-care', search: { status: 'overdue' } }}
        description="Vaccines and parasite treatments past due"
      />
      {/* No inbox of questions: they are answered on each pet's page, listed below from the oldest. */}
      <QueueTile
        title="Owners’ questions"
        icon={<IconMessageQuestion {...ICON} />}
        count={home.openQuestions}
        label="open questions"
        name="openQuestions"
        description="Waiting for an answer"
      />
    </SimpleGrid>
  );
}

function CardItem({ card }: { card: PendingCardSummary }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-card-uuid={card.uuid}>
      <Stack gap={0} miw={0}>
        <Anchor
          size="sm"
          fw={600}
          renderRoot={(props) => <Link to="/pending-cards/$uuid" params={{ uuid: card.uuid }} {...props} />}
        >
          {card.pet.name}: {pendingCardConcernLabels[card.concern].toLowerCase()}
        </Anchor>
        <Text size="xs" c="dimmed" truncate="end">
          {card.ownerName ?? 'No owner'} · opened {formatDateTime(card.openedAt)}
        </Text>
        <PetAlertBadges alerts={card.pet.alerts} petName={card.pet.name} />
      </Stack>
      <Badge variant="light" color={SEVERITY_COLORS[card.severity]} tt="none" style={{ flexShrink: 0 }}>
        {pendingCardSeverityLabels[card.severity]}
      </Badge>
    </Group>
  );
}

function ReminderItem({ reminder }: { reminder: Reminder }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-reminder-uuid={reminder.uuid}>
      <Stack gap={0} miw={0}>
        <Anchor
          size="sm"
          fw={600}
          renderRoot={(props) => (
            <Link to="/pets/$uuid/reminders" params={{ uuid: reminder.pet.uuid }} {...props} />
          )}
        >
          {reminder.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {reminder.pet.name} · due {formatDateTime(reminder.dueAt)}
        </Text>
        <PetAlertBadges alerts={reminder.pet.alerts} petName={reminder.pet.name} />
      </Stack>
      {reminder.due && (
        <Badge variant="light" color={DUE_COLORS[reminder.due]} tt="none" style={{ flexShrink: 0 }}>
          {DUE_LABELS[reminder.due]}
        </Badge>
      )}
    </Group>
  );
}

function QuestionItem({ question }: { question: PetQuestion }) {
  return (
    <Stack gap={0} miw={0} data-question-uuid={question.uuid}>
      <Anchor
        size="sm"
        fw={600}
        renderRoot={(props) => <Link to="/pets/$uuid/qa" params={{ uuid: question.pet.uuid }} {...props} />}
      >
        {question.pet.name}: {question.question}
      </Anchor>
      <Text size="xs" c="dimmed" truncate="end">
        {question.ownerName ?? 'No owner'} · asked {formatDateTime(question.askedAt)}
      </Text>
      <PetAlertBadges alerts={question.pet.alerts} petName={question.pet.name} />
    </Stack>
  );
}

function Section({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children.length > 0 ? (
        children
      ) : (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The vet's to-do list under the greeting: a count for every queue, each opening its inbox already
 * filtered, then their own work and the most severe cards. One call (`GET /v1/home`), refreshed by the
 * live events of every queue it counts. Loaded after the page's first paint (home-page.tsx).
 */
export function HomeTodo({ onDrawn }: { onDrawn?: () => void }) {
  const home = useQuery(homeQueryOptions());
  const settled = home.data !== undefined || home.isError;
  useEffect(() => {
    if (settled) onDrawn?.();
  }, [settled, onDrawn]);
  const highRed = home.data ? home.data.pendingCards.highRed > 0 : false;
  useEffect(() => {
    showAlertFavicon(highRed);
  }, [highRed]);
  useEffect(() => () => showAlertFavicon(false), []);

  if (home.isError)
    return (
      <Alert color="red" variant="light" title="Could not load your to-do list">
        {errorMessage(home.error)}
      </Alert>
    );
  if (!home.data) return <Skeleton height={320} radius="md" />;
  const data = home.data;
  return (
    <Stack gap="lg" data-testid="home-todo">
      <Counts home={data} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              My work
            </Title>
            <Section title="Cards I claimed" empty="No card claimed: “I’m on it” on a card puts it here.">
              {data.myCards.map((card) => (
                <CardItem key={card.uuid} card={card} />
              ))}
            </Section>
            <Section title="My reminders" empty="No open reminder assigned to you.">
              {data.myOpenReminders.map((reminder) => (
                <ReminderItem key={reminder.uuid} reminder={reminder} />
              ))}
            </Section>
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              Most severe open cards
            </Title>
            <Section title="In the queue" empty="No open pending card.">
              {data.severeCards.map((card) => (
                <CardItem key={card.uuid} card={card} />
              ))}
            </Section>
            <Section title="Owners’ questions waiting longest" empty="No question waiting for an answer.">
              {data.oldestOpenQuestions.map((question) => (
                <QuestionItem key={question.uuid} question={question} />
              ))}
            </Section>
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
