import { Alert, Anchor, Badge, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconDeviceFloppy } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { FormQuestionGroup } from '@vetboard/contract';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { HttpError } from '@/lib/api/api-errors.ts';
import { checkupQueryOptions } from '@/lib/checkups/checkup.queries.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import { useFillCheckupMutation } from './checkup-pools.mutations.ts';
import { poolQueryOptions } from './checkup-pools.queries.ts';

const route = getRouteApi('/pets/$uuid/checkups/$checkupUuid/new');

type Groups = ReadonlyArray<Pick<FormQuestionGroup, 'uuid' | 'title' | 'questions'>>;

/** What the vet fills: a pool (a new checkup) or the checkup the owner was sent (answered in place). */
interface FillTarget {
  title: string;
  questionGroups: Groups;
  body: { poolUuid: string } | { checkupUuid: string };
  /** Why it cannot be saved, if it cannot (an archived pool, a checkup answered meanwhile). */
  closed: ReactNode | null;
  lead: ReactNode;
}

function PoolFill({ petUuid, poolUuid }: { petUuid: string; poolUuid: string }) {
  const { form: pool } = useSuspenseQuery(poolQueryOptions(poolUuid)).data;
  return (
    <FillForm
      petUuid={petUuid}
      target={{
        title: pool.title,
        questionGroups: pool.questionGroups,
        body: { poolUuid },
        closed: pool.archived ? (
          <Alert color="gray" variant="light" icon={<IconArchive size={18} />}>
            This pool is archived: a checkup can no longer be filled from it.
          </Alert>
        ) : null,
        lead: <>saved as answered and filled by you.</>,
      }}
    />
  );
}

function SentCheckupFill({ petUuid, checkupUuid }: { petUuid: string; checkupUuid: string }) {
  const { checkup } = useSuspenseQuery(checkupQueryOptions(checkupUuid)).data;
  return (
    <FillForm
      petUuid={petUuid}
      target={{
        title: checkup.form.title,
        questionGroups: checkup.questionGroups,
        body: { checkupUuid },
        closed:
          checkup.status === 'sent' ? null : (
            <Alert color="blue" variant="light" data-testid="fill-already-answered">
              This checkup is answered already
              {checkup.filledBy ? ` (filled by ${checkup.filledBy.name})` : ' by the owner'}.{' '}
              <Anchor
                size="sm"
                renderRoot={(props) => (
                  <Link to="/checkups/$uuid" params={{ uuid: checkupUuid }} {...props} />
                )}
              >
                Open it
              </Anchor>
            </Alert>
          ),
        lead: (
          <>
            sent on {formatDateTime(checkup.sentAt)} and not answered yet: your answers answer it, filled by
            you.
          </>
        ),
      }}
    />
  );
}

/**
 * `/pets/{uuid}/checkups/{checkupUuid}/new`: a vet fills a checkup for the pet, e.g. during a call with
 * the owner: from a pool (a new checkup, which exists only once saved) or the checkup the owner was sent
 * and has not answered, which it answers instead of making a second one (the route's loader says which).
 */
export function FillCheckupPage() {
  const { uuid: petUuid, checkupUuid } = route.useParams();
  const { source } = route.useLoaderData();
  return source === 'pool' ? (
    <PoolFill petUuid={petUuid} poolUuid={checkupUuid} />
  ) : (
    <SentCheckupFill petUuid={petUuid} checkupUuid={checkupUuid} />
  );
}

function FillForm({ petUuid, target }: { petUuid: string; target: FillTarget }) {
  const { petProfile: pet } = useSuspenseQuery(petQueryOptions(petUuid)).data;
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const leaving = useRef(false);
  const fill = useFillCheckupMutation(petUuid);
  const go = useNavigate();

  const questions = target.questionGroups.flatMap((group) => group.questions);
  const unanswered = questions.filter((question) => !answers[question.uuid]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (unanswered.length > 0) {
      document.querySelector<HTMLElement>(`[data-question="${unanswered[0]?.uuid}"] input`)?.focus();
      return;
    }
    mutateThen(
      fill,
      {
        ...target.body,
        answers: questions.map((question) => ({
          questionUuid: question.uuid,
          optionSku: answers[question.uuid] ?? '',
        })),
      },
      {
        onSuccess: ({ checkup }) => {
          notifications.show({ color: 'teal', message: `Checkup saved for ${pet.name}.` });
          leaving.current = true;
          void go({ to: '/checkups/$uuid', params: { uuid: checkup.uuid } });
        },
        onError: (error) => {
          if (error instanceof HttpError && error.status === 400 && error.details?.length) {
            setServerErrors(
              Object.fromEntries(
                error.details.map((detail) => [detail.path.replace(/^answers\./, ''), detail.message]),
              ),
            );
            if (error.details.some((detail) => detail.path.startsWith('answers.'))) return;
          }
          notifyRequestError(error);
        },
      },
    );
  };

  return (
    <Editor
      name="fill-checkup"
      what={`${pet.name}'s checkup`}
      dirty={() => Object.keys(answers).length > 0 && !leaving.current}
    >
      <form onSubmit={submit} noValidate aria-label={`Fill a checkup for ${pet.name}`}>
        <Stack gap="lg" maw={860}>
          <Stack gap={4}>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {target.title}
            </Title>
            <Text size="sm" c="dimmed">
              A checkup you fill for{' '}
              <Anchor
                size="sm"
                fw={600}
                renderRoot={(props) => <Link to="/pets/$uuid" params={{ uuid: petUuid }} {...props} />}
              >
                {pet.name}
              </Anchor>
              , {target.lead}
            </Text>
          </Stack>
          {target.closed}
          {questions.length === 0 && (
            <Alert color="gray" variant="light">
              This pool has no questions to answer.
            </Alert>
          )}
          {attempted && unanswered.length > 0 && (
            <Alert color="red" variant="light" role="alert" data-testid="fill-problems">
              {unanswered.length === 1
                ? 'One question is not answered yet.'
                : `${unanswered.length} questions are not answered yet.`}
            </Alert>
          )}
          {target.questionGroups.map((group) => (
            <Paper
              key={group.uuid}
              withBorder
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-label={group.title}
            >
              <Title order={2} fz="md" mb="md">
                {group.title}
              </Title>
              <Stack gap="lg">
                {group.questions.map((question) => {
                  const error =
                    serverErrors[question.uuid] ??
                    (attempted && !answers[question.uuid] ? 'Choose an answer' : undefined);
                  return (
                    <Radio.Group
                      key={question.uuid}
                      data-question={question.uuid}
                      label={question.title}
                      withAsterisk
                      error={error}
                      value={answers[question.uuid] ?? null}
                      onChange={(sku) => {
                        setAnswers((previous) => ({ ...previous, [question.uuid]: sku }));
                        setServerErrors({});
                      }}
                    >
                      <Stack gap={8} mt={8}>
                        {question.options.map((option) => (
                          <Radio
                            key={option.uuid}
                            value={option.sku}
                            label={
                              <Group gap={6} wrap="wrap" component="span">
                                <span>{option.title}</span>
                                {option.problematic && (
                                  <Badge size="xs" color="red" variant="light" tt="none" component="span">
                                    Problematic
                                  </Badge>
                                )}
                              </Group>
                            }
                          />
                        ))}
                      </Stack>
                    </Radio.Group>
                  );
                })}
              </Stack>
            </Paper>
          ))}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              renderRoot={(props) => <Link to="/pets/$uuid/checkups" params={{ uuid: petUuid }} {...props} />}
            >
              Cancel
            </Button>
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={16} />}
              loading={fill.isPending}
              disabled={target.closed !== null || questions.length === 0}
            >
              Save checkup
            </Button>
          </Group>
        </Stack>
      </form>
    </Editor>
  );
}
