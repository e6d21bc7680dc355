import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { Form } from '@vetboard/contract';
import { countOf } from '@vetboard/contract';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { HttpError } from '@/lib/api/api-errors.ts';
import { useReferenceDataRights } from '@/lib/auth/reference-data-rights.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import { useSavePoolMutation } from './checkup-pools.mutations.ts';
import { poolQueryOptions, skuHolderQueryOptions } from './checkup-pools.queries.ts';
import classes from './pool-builder.module.css';
import {
  derivedPoolSku,
  draftFingerprint,
  draftPathOf,
  emptyPoolDraft,
  moveItem,
  newGroup,
  type PoolDraft,
  poolDraftErrors,
  poolDraftOf,
  problemOwner,
  questionCount,
  toPoolBody,
} from './pool-builder.ts';
import { type Edit, GroupEditor, type Move, named } from './pool-builder-editors.tsx';
import { PoolPreview } from './pool-preview.tsx';
import { SortableItem } from './sortable-item.tsx';

const editRoute = getRouteApi('/_default/checkups/pools/$uuid/edit');

/** Finds the list a sortable `scope` names: the groups, a group's questions or a question's options. */
function listOf(draft: PoolDraft, scope: string): unknown[] | undefined {
  if (scope === 'groups') return draft.questionGroups;
  for (const group of draft.questionGroups) {
    if (group.key === scope) return group.questions;
    for (const question of group.questions) if (question.key === scope) return question.options;
  }
  return undefined;
}

function PoolBuilder({ pool, initial }: { pool: Form | undefined; initial: PoolDraft }) {
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(() => draftFingerprint(initial));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [announcement, setAnnouncement] = useState('');
  const focusAfterMove = useRef<string | null>(null);
  const leaving = useRef(false);
  const save = useSavePoolMutation(pool?.uuid);
  const go = useNavigate();

  const contractErrors = useMemo(() => poolDraftErrors(draft), [draft]);
  const [sku] = useDebouncedValue(derivedPoolSku(draft), 300);
  const skuHolder = useQuery({
    ...skuHolderQueryOptions(sku),
    enabled: sku !== '' && !contractErrors.sku,
  }).data;
  const skuTaken = skuHolder && skuHolder.uuid !== pool?.uuid && sku === derivedPoolSku(draft);
  const errors = useMemo(
    () =>
      skuTaken
        ? {
            ...contractErrors,
            sku: draft.sku.trim()
              ? `Another form already has the sku "${sku}"`
              : `Another form already has the sku "${sku}" made from this title: enter another sku`,
          }
        : contractErrors,
    [contractErrors, skuTaken, sku, draft.sku],
  );
  const dirty = draftFingerprint(draft) !== saved;
  const problemCount = Object.keys(errors).length;

  const errorAt = (path: string): string | undefined => {
    if (serverErrors[path]) return serverErrors[path];
    const message = errors[path];
    if (!message) return undefined;
    return attempted || touched.has(problemOwner(draft, path)) ? message : undefined;
  };

  const edit: Edit = (mutate, keys) => {
    setDraft((previous) => {
      const next = structuredClone(previous);
      mutate(next);
      return next;
    });
    if (keys.length > 0) setTouched((previous) => new Set([...previous, ...keys]));
    setServerErrors({});
  };

  const move: Move = (scope, key, from, to, by) => {
    const list = listOf(draft, scope);
    if (!list || to < 0 || to >= list.length) return;
    edit((next) => {
      const target = listOf(next, scope);
      if (target) target.splice(0, target.length, ...moveItem(target, from, to));
    }, []);
    setAnnouncement(`Moved to position ${to + 1} of ${list.length}.`);
    if (by === 'keyboard') focusAfterMove.current = `${key}:${to < from ? 'up' : 'down'}`;
  };

  useEffect(() => {
    const wanted = focusAfterMove.current;
    if (!wanted) return;
    focusAfterMove.current = null;
    const [key, direction] = wanted.split(':');
    const button = document.querySelector<HTMLButtonElement>(`[data-move="${wanted}"]`);
    // At the top or bottom the button just used is disabled: its sibling keeps the focus in the item.
    const fallback = document.querySelector<HTMLButtonElement>(
      `[data-move="${key}:${direction === 'up' ? 'down' : 'up'}"]`,
    );
    (button && !button.disabled ? button : fallback)?.focus();
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (problemCount > 0) {
      const first = document.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.focus();
      return;
    }
    const body = toPoolBody(draft);
    mutateThen(save, body, {
      onSuccess: ({ form }) => {
        setSaved(draftFingerprint(draft));
        notifications.show({ color: 'teal', message: `“${form.title}” saved (version ${form.version}).` });
        leaving.current = true;
        void go({ to: '/checkups/pools/$uuid', params: { uuid: form.uuid } });
      },
      onError: (error) => {
        if (error instanceof HttpError && error.status === 400 && error.details?.length) {
          setServerErrors(
            Object.fromEntries(error.details.map((detail) => [draftPathOf(detail.path), detail.message])),
          );
          return;
        }
        notifyRequestError(error);
      },
    });
  };

  const title = pool ? `Edit “${pool.title}”` : 'New checkup pool';
  const skuPlaceholder = derivedPoolSku({ ...draft, sku: '' });
  const listError = errorAt('questionGroups');

  return (
    <Editor name="pool-builder" what="this pool" dirty={() => dirty && !leaving.current}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
        <Stack gap="lg" maw={1400}>
          <Anchor size="sm" renderRoot={(props) => <Link to="/checkups/pools" {...props} />}>
            <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
            All pools
          </Anchor>
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={4} miw={0}>
              <Title order={1} fz={{ base: 24, sm: 28 }}>
                {title}
              </Title>
              <Group gap="xs">
                {pool && (
                  <Badge variant="light" tt="none" radius="sm">
                    Saving makes version {pool.version + 1}
                  </Badge>
                )}
                <Text size="sm" c="dimmed">
                  {countOf(questionCount(draft), { one: 'question', other: 'questions' })}
                </Text>
                {dirty && (
                  <Text size="xs" c="orange" data-testid="unsaved-changes">
                    Unsaved changes
                  </Text>
                )}
              </Group>
            </Stack>
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending}>
              Save pool
            </Button>
          </Group>

          {pool && pool.checkupCount > 0 && (
            <Alert color="blue" variant="light">
              {countOf(pool.checkupCount, { one: 'checkup was', other: 'checkups were' })} sent from this
              pool. They keep the questions they were sent with; saving changes only what is sent from now on.
            </Alert>
          )}
          {attempted && problemCount > 0 && (
            <Alert color="red" variant="light" role="alert" data-testid="builder-problems">
              {problemCount === 1
                ? 'One thing to fix before saving: it is marked below.'
                : `${problemCount} things to fix before saving: they are marked below.`}
            </Alert>
          )}

          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Stack gap="lg">
                <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
                  <Grid gap="md">
                    <Grid.Col span={{ base: 12, sm: 7 }}>
                      <TextInput
                        label="Title"
                        placeholder="Cardiac follow-up"
                        withAsterisk
                        value={draft.title}
                        error={errorAt('title')}
                        onChange={(event) => {
                          const value = event.currentTarget.value;
                          edit(
                            (next) => {
                              next.title = value;
                            },
                            ['form'],
                          );
                        }}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 5 }}>
                      <TextInput
                        label="SKU"
                        description="What integrations call the pool. Empty: made from the title."
                        placeholder={skuPlaceholder || 'cardiac_follow_up'}
                        value={draft.sku}
                        error={errorAt('sku')}
                        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                        onChange={(event) => {
                          const value = event.currentTarget.value;
                          edit(
                            (next) => {
                              next.sku = value;
                            },
                            ['form'],
                          );
                        }}
                      />
                    </Grid.Col>
                  </Grid>
                </Paper>

                <Stack gap="md" role="group" aria-label="Question groups">
                  <Title order={2} fz="md">
                    Question groups
                  </Title>
                  {draft.questionGroups.map((group, g) => (
                    <SortableItem
                      key={group.key}
                      variant="group"
                      scope="groups"
                      itemKey={group.key}
                      index={g}
                      count={draft.questionGroups.length}
                      label={named('group', group.title, g)}
                      onMove={(from, to, by) => move('groups', group.key, from, to, by)}
                      onRemove={() =>
                        edit((next) => {
                          next.questionGroups.splice(g, 1);
                        }, [])
                      }
                    >
                      <GroupEditor group={group} g={g} edit={edit} move={move} errorAt={errorAt} />
                    </SortableItem>
                  ))}
                  {listError && (
                    <Text size="sm" c="red" role="alert">
                      {listError}
                    </Text>
                  )}
                  <Box>
                    <Button
                      variant="default"
                      leftSection={<IconPlus size={16} />}
                      disabled={draft.questionGroups.length >= 30}
                      onClick={() =>
                        edit((next) => {
                          next.questionGroups.push(newGroup());
                        }, [])
                      }
                    >
                      Add a group
                    </Button>
                  </Box>
                </Stack>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Box className={classes.preview}>
                <PoolPreview pool={draft} />
              </Box>
            </Grid.Col>
          </Grid>

          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending}>
              Save pool
            </Button>
          </Group>
        </Stack>
      </form>
    </Editor>
  );
}

/** `/checkups/pools/new`: the builder, starting with one group and one question. */
export function NewPoolPage() {
  const [initial] = useState(emptyPoolDraft);
  // Reached by its address too: say why rather than offer a Save the API would refuse.
  const refusal = useReferenceDataRights().create;
  if (refusal)
    return (
      <Alert color="gray" variant="light">
        {refusal}
      </Alert>
    );
  return <PoolBuilder pool={undefined} initial={initial} />;
}

/** `/checkups/pools/{uuid}/edit`: saving writes a new version; checkups already sent keep theirs. */
export function EditPoolPage() {
  const { uuid } = editRoute.useParams();
  const { form } = useSuspenseQuery(poolQueryOptions(uuid)).data;
  const [initial] = useState(() => poolDraftOf(form));
  const refusal = useReferenceDataRights().edit;
  if (refusal)
    return (
      <Alert color="gray" variant="light">
        {refusal}
      </Alert>
    );
  return <PoolBuilder key={form.uuid} pool={form} initial={initial} />;
}
