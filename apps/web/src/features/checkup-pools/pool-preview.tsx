import { Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

interface PreviewPool {
  title: string;
  questionGroups: ReadonlyArray<{
    key?: string;
    uuid?: string;
    title: string;
    questions: ReadonlyArray<{
      key?: string;
      uuid?: string;
      title: string;
      options: ReadonlyArray<{ key?: string; uuid?: string; title: string }>;
    }>;
  }>;
}

/**
 * What the owner sees in the app: each group, each question as a single choice among its options in
 * order. The problematic flags are the vet's and stay hidden, as they are from the owner. Choosing here
 * tries the form out and saves nothing.
 */
export function PoolPreview({ pool, testId = 'pool-preview' }: { pool: PreviewPool; testId?: string }) {
  const [choices, setChoices] = useState<Record<string, string>>({});
  const questionCount = pool.questionGroups.reduce((sum, group) => sum + group.questions.length, 0);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
        What the owner sees
      </Text>
      <Title order={2} fz="lg" mb="md">
        {pool.title.trim() || 'Untitled checkup'}
      </Title>
      {questionCount === 0 ? (
        <Text size="sm" c="dimmed">
          No questions yet.
        </Text>
      ) : (
        <Stack gap="lg">
          {pool.questionGroups.map((group, g) => (
            <Stack key={group.key ?? group.uuid ?? g} gap="sm" component="section" aria-label={group.title}>
              <Title order={3} fz="sm" c="dimmed" tt="uppercase">
                {group.title.trim() || `Group ${g + 1}`}
              </Title>
              {group.questions.map((question, q) => {
                const id = question.key ?? question.uuid ?? `${g}-${q}`;
                return (
                  <Radio.Group
                    key={id}
                    label={question.title.trim() || `Question ${q + 1}`}
                    value={choices[id] ?? null}
                    onChange={(value) => setChoices((previous) => ({ ...previous, [id]: value }))}
                  >
                    <Stack gap={6} mt={6}>
                      {question.options.map((option, o) => (
                        <Radio
                          key={option.key ?? option.uuid ?? o}
                          value={option.key ?? option.uuid ?? String(o)}
                          label={option.title.trim() || `Option ${o + 1}`}
                        />
                      ))}
                    </Stack>
                  </Radio.Group>
                );
              })}
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
