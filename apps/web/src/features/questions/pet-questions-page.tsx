import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconMessageQuestion, IconPencil, IconSend } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import {
  PET_QUESTION_TEXT_MAX,
  type PetQuestion,
  type PetQuestionDetail,
  type PetQuestionStatus,
  petQuestionStatuses,
} from '@vetboard/contract';
import { useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { type ServerDraftState, useServerDraft } from '@/components/editors/server-draft.ts';
import { ConfirmModal } from '@/components/feedback/confirm-modal.tsx';
import { SavedElsewhere } from '@/components/feedback/saved-elsewhere.tsx';
import { ListPageHeader } from '@/components/lists/list-page-header.tsx';
import { StatusCountFilter } from '@/components/lists/status-count-filter.tsx';
import { ItemPendingCards } from '@/components/pending-cards/item-pending-cards.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { useSaveAnswerMutation, useSendAnswerMutation } from './questions.mutations.ts';
import { petQuestionsQueryOptions } from './questions.queries.ts';

const route = getRouteApi('/pets/$uuid/qa');

const STATUS_LABELS: Record<PetQuestionStatus, string> = { open: 'Open', answered: 'Answered' };

function StatusBadge({ question }: { question: PetQuestion }) {
  const open = question.status === 'open';
  return (
    <Badge
      color={open ? 'blue' : 'clinic'}
      variant="light"
      tt="none"
      radius="sm"
      data-status={question.status}
    >
      {open ? 'Open' : 'Answered'}
    </Badge>
  );
}

function AnswerEditor({
  question,
  draft,
  onDone,
}: {
  question: PetQuestion;
  draft: ServerDraftState;
  onDone: (() => void) | undefined;
}) {
  const { text } = draft;
  const saved = question.answer ?? '';
  const save = useSaveAnswerMutation(question.pet.uuid, question.uuid);
  const submit = () =>
    mutateThen(
      save,
      { answer: text },
      {
        onSuccess: () => {
          notifications.show({ color: 'clinic', message: 'Answer saved. It is sent once you send it.' });
          onDone?.();
        },
      },
    );
  return (
    <Editor
      name="pet-question-answer"
      what="the answer"
      dirty={() => draft.edited && !save.isPending}
      dirtyOnUnload={() => draft.edited}
    >
      <Stack gap="sm">
        <Textarea
          label="Your answer"
          description="Saved as a draft you can edit; the owner receives it by e-mail once you send it."
          placeholder="What you advise, what to watch for, when to call"
          autosize
          minRows={3}
          maxRows={12}
          maxLength={PET_QUESTION_TEXT_MAX}
          value={text}
          onChange={(event) => draft.setText(event.currentTarget.value)}
        />
        {draft.overtaken && (
          <SavedElsewhere
            testId="qa-answer-overtaken"
            saved={saved ? `“${saved}”` : 'It is now empty.'}
            takeLabel="Use the saved answer"
            onTake={draft.takeSaved}
          >
            An answer was saved elsewhere while you were writing this one
            {question.answeredBy ? ` (by ${question.answeredBy.name})` : ''}.
          </SavedElsewhere>
        )}
        {save.error && (
          <Alert color="red" variant="light">
            {errorMessage(save.error)}
          </Alert>
        )}
        <Group gap="sm">
          <Button
            onClick={submit}
            loading={save.isPending}
            disabled={text.trim() === '' || text.trim() === question.answer}
            leftSection={<IconDeviceFloppy size={16} />}
          >
            Save
          </Button>
          {onDone && (
            <Button
              variant="default"
              onClick={() => {
                draft.takeSaved();
                onDone();
              }}
              disabled={save.isPending}
            >
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </Editor>
  );
}

function Answer({ question }: { question: PetQuestion }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const send = useSendAnswerMutation(question.pet.uuid, question.uuid);
  const sent = question.sentAt !== null;
  // The draft lives here, not in the editor: a colleague's answer read back by a live update turns the
  // thread to the answer's view, and what this vet was writing must not go with the editor.
  const draft = useServerDraft(question.answer ?? '');

  // A sent answer is what the owner got: no longer editable, whoever sent it.
  if (!sent && (question.answer === null || editing || draft.edited))
    return (
      <AnswerEditor
        question={question}
        draft={draft}
        onDone={question.answer === null ? undefined : () => setEditing(false)}
      />
    );
  return (
    <Stack gap="xs" data-testid="qa-answer">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          Answer
        </Text>
        <Badge
          color={sent ? 'clinic' : 'yellow'}
          variant={sent ? 'light' : 'outline'}
          tt="none"
          radius="sm"
          data-testid="qa-answer-state"
        >
          {sent ? 'Sent' : 'Draft'}
        </Badge>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="qa-answer-text">
        {question.answer}
      </Text>
      <Text size="xs" c="dimmed" data-testid="qa-answered-by">
        {question.answeredBy &&
          question.answeredAt &&
          `${sent ? 'Written' : 'Saved'} by ${question.answeredBy.name}, ${formatDateTime(question.answeredAt)}.`}
        {question.sentBy &&
          question.sentAt &&
          ` Sent by ${question.sentBy.name}, ${formatDateTime(question.sentAt)}.`}
      </Text>
      {send.error && (
        <Alert color="red" variant="light">
          {errorMessage(send.error)}
        </Alert>
      )}
      {!sent && (
        <Group gap="sm">
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button leftSection={<IconSend size={16} />} onClick={() => setConfirming(true)}>
            Send
          </Button>
        </Group>
      )}
      <ConfirmModal
        opened={confirming}
        title="Send the answer?"
        confirmLabel="Send"
        loading={send.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          mutateThen(send, undefined, {
            onSuccess: () => {
              setConfirming(false);
              notifications.show({ color: 'clinic', message: 'Answer sent to the owner.' });
            },
            onError: () => setConfirming(false),
          })
        }
      >
        {question.ownerName ?? 'The owner'} receives it by e-mail. A sent answer can no longer be edited.
      </ConfirmModal>
    </Stack>
  );
}

function Thread({ question }: { question: PetQuestionDetail }) {
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="article"
      aria-label={`Question asked ${formatDateTime(question.askedAt)}`}
      data-testid="qa-thread"
      data-question={question.uuid}
      data-status={question.status}
    >
      <Stack gap="md">
        <Stack gap={6}>
          <Group gap="xs" wrap="wrap">
            <StatusBadge question={question} />
            <Text size="xs" c="dimmed">
              Asked by {question.ownerName ?? 'the owner'}, {formatDateTime(question.askedAt)}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="qa-question">
            {question.question}
          </Text>
        </Stack>
        <ItemPendingCards cards={question.pendingCards} item="question" />
        <Answer question={question} />
      </Stack>
    </Paper>
  );
}

/**
 * `/pets/{uuid}/qa`: what the owner asked the vets about the pet in the app, as threads, open ones
 * first. A vet saves an answer (a draft, still editable) and then sends it to the owner by e-mail.
 */
export function PetQuestionsPage() {
  const { uuid } = route.useParams();
  const pet = useSuspenseQuery(petQueryOptions(uuid)).data.petProfile;
  const { status } = route.useSearch();
  const navigate = route.useNavigate();
  const questions = useQuery(petQuestionsQueryOptions(uuid, status));
  const threads = questions.data?.petQuestions;
  const counts = questions.data?.counts;

  return (
    <Stack gap="lg" maw={900}>
      <ListPageHeader
        title="Questions and answers"
        description={`What ${pet.name}’s owner asked the vets in the app, open questions first.`}
        actions={
          counts && (
            <Group gap="xs" data-testid="qa-counts">
              <Badge color="blue" variant="light" tt="none" radius="sm">
                {counts.open} open
              </Badge>
              <Badge color="clinic" variant="light" tt="none" radius="sm">
                {counts.answered} answered
              </Badge>
            </Group>
          )
        }
      />
      <StatusCountFilter
        statuses={petQuestionStatuses}
        labels={STATUS_LABELS}
        counts={counts}
        value={status}
        onChange={(next) => void navigate({ search: { status: next }, replace: true })}
      />
      {questions.isError ? (
        <Alert color="red" variant="light" title="Could not load the questions">
          {errorMessage(questions.error)}
        </Alert>
      ) : threads === undefined ? (
        <Stack gap="md" aria-busy="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={96} />
          ))}
        </Stack>
      ) : threads.length === 0 && status ? (
        <Paper withBorder p="lg">
          <EmptyState
            py={48}
            icon={<IconMessageQuestion size={28} stroke={1.5} />}
            withIndicatorBackground
            title={`No ${STATUS_LABELS[status].toLowerCase()} questions`}
            description={`None of ${pet.name}’s threads is ${STATUS_LABELS[status].toLowerCase()}.`}
            data-testid="qa-empty"
          >
            <Button variant="default" onClick={() => void navigate({ search: {}, replace: true })}>
              Show all questions
            </Button>
          </EmptyState>
        </Paper>
      ) : threads.length === 0 ? (
        <Paper withBorder p="lg">
          <EmptyState
            py={48}
            icon={<IconMessageQuestion size={28} stroke={1.5} />}
            withIndicatorBackground
            title="No questions yet"
            description={`${pet.name}’s owner has not asked the vets anything in the app.`}
            data-testid="qa-empty"
          />
        </Paper>
      ) : (
        <Stack gap="md" data-testid="qa-threads">
          {threads.map((question) => (
            <Thread key={question.uuid} question={question} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
