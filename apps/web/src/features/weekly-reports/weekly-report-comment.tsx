import { Alert, Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { replacePetNamePlaceholders, WEEKLY_REPORT_COMMENT_MAX, type WeeklyReport } from '@vetboard/contract';
import { Editor } from '@/components/editors/editor.tsx';
import { useServerDraft } from '@/components/editors/server-draft.ts';
import { SavedElsewhere } from '@/components/feedback/saved-elsewhere.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { useCommentMutation } from './weekly-reports.mutations.ts';

export function CommentEditor({ report }: { report: WeeklyReport }) {
  const comment = useCommentMutation(report.uuid);
  // Live updates bring the saved comment back, this vet's own save or another one's: the draft
  // follows it unless the vet has typed something else, which is kept.
  const draft = useServerDraft(report.vetComment);
  const { text, setText } = draft;
  const changed = text.trim() !== report.vetComment;
  const preview = replacePetNamePlaceholders(text.trim(), report.pet.name);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Vet’s comment
        </Title>
        {report.canEditComment ? (
          <Editor
            name="weekly-report-comment"
            what="the comment"
            dirty={() => text.trim() !== report.vetComment && !comment.isPending}
            dirtyOnUnload={() => text.trim() !== report.vetComment}
          >
            <Textarea
              label="Comment for the owner"
              description="{{PET_NAME}} is replaced by the pet’s name."
              placeholder="What the week shows, and what the owner should do"
              autosize
              minRows={4}
              maxRows={12}
              maxLength={WEEKLY_REPORT_COMMENT_MAX}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            {draft.overtaken && (
              <SavedElsewhere
                testId="comment-overtaken"
                saved={report.vetComment ? `“${report.vetComment}”` : 'It is now empty.'}
                takeLabel="Use the saved comment"
                onTake={draft.takeSaved}
              >
                The comment was saved elsewhere while you were editing this one.
              </SavedElsewhere>
            )}
            <Stack gap={4}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                As the owner reads it
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="comment-preview">
                {preview || 'No comment.'}
              </Text>
            </Stack>
            {comment.error && (
              <Alert color="red" variant="light">
                {errorMessage(comment.error)}
              </Alert>
            )}
            <Button
              w="fit-content"
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={() =>
                mutateThen(comment, text, {
                  onSuccess: () => notifications.show({ color: 'clinic', message: 'Comment saved.' }),
                })
              }
              disabled={!changed}
              loading={comment.isPending}
            >
              Save comment
            </Button>
          </Editor>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="comment-preview">
            {report.vetCommentShown || 'No comment.'}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
