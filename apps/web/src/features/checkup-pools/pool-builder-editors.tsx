import { Box, Button, Group, Stack, Switch, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { optionSku } from '@vetboard/contract';
import {
  type GroupDraft,
  newOption,
  newQuestion,
  type PoolDraft,
  type QuestionDraft,
} from './pool-builder.ts';
import { SortableItem } from './sortable-item.tsx';

export type Edit = (mutate: (draft: PoolDraft) => void, touched: readonly string[]) => void;
export type Move = (scope: string, key: string, from: number, to: number, by: 'drag' | 'keyboard') => void;

export const named = (kind: string, title: string, index: number) =>
  title.trim() ? `${kind} “${title.trim()}”` : `${kind} ${index + 1}`;

function QuestionEditor({
  g,
  question,
  q,
  edit,
  move,
  errorAt,
}: {
  g: number;
  question: QuestionDraft;
  q: number;
  edit: Edit;
  move: Move;
  errorAt: (path: string) => string | undefined;
}) {
  const at = `questionGroups.${g}.questions.${q}`;
  const questionName = named('question', question.title, q);
  const optionsError = errorAt(`${at}.options`);
  const at2 = (draft: PoolDraft) => draft.questionGroups[g]?.questions[q];
  return (
    <Stack gap="xs">
      <TextInput
        label={`Question ${q + 1}`}
        placeholder="Does your pet cough at night?"
        withAsterisk
        value={question.title}
        error={errorAt(`${at}.title`)}
        onChange={(event) => {
          const title = event.currentTarget.value;
          edit(
            (draft) => {
              const target = at2(draft);
              if (target) target.title = title;
            },
            [question.key],
          );
        }}
      />
      <Box role="group" aria-label={`Options of ${questionName}`}>
        <Text size="sm" fw={500} mb={4}>
          Options{' '}
          <Text span size="xs" c="dimmed">
            (in the order the owner sees them)
          </Text>
        </Text>
        <Stack gap={4}>
          {question.options.map((option, o) => {
            const optionName = named('option', option.title, o);
            const sku = optionSku(option.title);
            const optionAt = `${at}.options.${o}`;
            return (
              <SortableItem
                key={option.key}
                variant="option"
                scope={question.key}
                itemKey={option.key}
                index={o}
                count={question.options.length}
                label={optionName}
                onMove={(from, to, by) => move(question.key, option.key, from, to, by)}
                onRemove={() =>
                  edit(
                    (draft) => {
                      at2(draft)?.options.splice(o, 1);
                    },
                    [question.key],
                  )
                }
              >
                <Group gap="sm" align="flex-start" wrap="wrap">
                  <TextInput
                    aria-label={`Option ${o + 1} of ${questionName}`}
                    placeholder={`Option ${o + 1}`}
                    value={option.title}
                    error={errorAt(`${optionAt}.title`)}
                    description={sku ? `sku ${sku}` : undefined}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    style={{ flex: '1 1 180px' }}
                    data-option-input={option.key}
                    onChange={(event) => {
                      const title = event.currentTarget.value;
                      edit(
                        (draft) => {
                          const target = at2(draft)?.options[o];
                          if (target) target.title = title;
                        },
                        [option.key, question.key],
                      );
                    }}
                  />
                  <Switch
                    mt={8}
                    label="Problematic"
                    color="red"
                    aria-label={`${optionName} is problematic`}
                    checked={option.problematic}
                    onChange={(event) => {
                      const problematic = event.currentTarget.checked;
                      edit((draft) => {
                        const target = at2(draft)?.options[o];
                        if (target) target.problematic = problematic;
                      }, []);
                    }}
                  />
                </Group>
              </SortableItem>
            );
          })}
        </Stack>
        {optionsError && (
          <Text size="xs" c="red" mt={4} role="alert">
            {optionsError}
          </Text>
        )}
        <Button
          mt="xs"
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          disabled={question.options.length >= 20}
          onClick={() =>
            edit((draft) => {
              at2(draft)?.options.push(newOption());
            }, [])
          }
        >
          Add an option
          <VisuallyHidden> to {questionName}</VisuallyHidden>
        </Button>
      </Box>
    </Stack>
  );
}

export function GroupEditor({
  group,
  g,
  edit,
  move,
  errorAt,
}: {
  group: GroupDraft;
  g: number;
  edit: Edit;
  move: Move;
  errorAt: (path: string) => string | undefined;
}) {
  const groupName = named('group', group.title, g);
  return (
    <Stack gap="sm">
      <TextInput
        label={`Group ${g + 1}`}
        placeholder="Breathing"
        withAsterisk
        value={group.title}
        error={errorAt(`questionGroups.${g}.title`)}
        onChange={(event) => {
          const title = event.currentTarget.value;
          edit(
            (draft) => {
              const target = draft.questionGroups[g];
              if (target) target.title = title;
            },
            [group.key],
          );
        }}
      />
      <Stack gap="sm">
        {group.questions.map((question, q) => (
          <SortableItem
            key={question.key}
            variant="question"
            scope={group.key}
            itemKey={question.key}
            index={q}
            count={group.questions.length}
            label={named('question', question.title, q)}
            onMove={(from, to, by) => move(group.key, question.key, from, to, by)}
            onRemove={() =>
              edit((draft) => {
                draft.questionGroups[g]?.questions.splice(q, 1);
              }, [])
            }
          >
            <QuestionEditor g={g} question={question} q={q} edit={edit} move={move} errorAt={errorAt} />
          </SortableItem>
        ))}
        {group.questions.length === 0 && (
          <Text size="sm" c="dimmed">
            No questions in this group yet.
          </Text>
        )}
      </Stack>
      <Box>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={group.questions.length >= 50}
          onClick={() =>
            edit((draft) => {
              draft.questionGroups[g]?.questions.push(newQuestion());
            }, [])
          }
        >
          Add a question
          <VisuallyHidden> to {groupName}</VisuallyHidden>
        </Button>
      </Box>
    </Stack>
  );
}
