import { Alert, Badge, Box, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import type { JournalEntry, JournalVetReply } from '@vetboard/contract';
import { countOf } from '@vetboard/contract';
import { useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { useReplyMutation } from './journal.mutations.ts';

const MAIL_STATUS: Record<NonNullable<JournalVetReply['mailStatus']>, { label: string; color: string }> = {
  queued: { label: 'E-mail queued', color: 'gray' },
  sent: { label: 'E-mailed to the owner', color: 'clinic' },
  logged: { label: 'E-mail logged (not sent here)', color: 'gray' },
  failed: { label: 'E-mail failed', color: 'red' },
};

/** The vets' replies to the owner, oldest first: each is kept as it was sent, a new one follows. */
function ReplyThread({ replies }: { replies: JournalVetReply[] }) {
  return (
    <Stack
      component="ol"
      gap="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={`${countOf(replies.length, { one: 'reply', other: 'replies' })} to the owner`}
      data-testid="vet-reply"
    >
      {replies.map((reply) => {
        const mail = reply.mailStatus ? MAIL_STATUS[reply.mailStatus] : null;
        return (
          <Box
            component="li"
            key={reply.position}
            pl="sm"
            style={{ borderLeft: '3px solid var(--mantine-color-clinic-5)' }}
            data-testid="vet-reply-item"
          >
            <Group gap="xs" mb={4} wrap="wrap">
              <Text size="xs" fw={600}>
                {reply.repliedBy?.name ?? 'A vet'}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(reply.repliedAt)}
              </Text>
              {mail && (
                <Badge size="xs" variant="light" color={mail.color} tt="none" radius="sm">
                  {mail.label}
                </Badge>
              )}
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {reply.reply}
            </Text>
          </Box>
        );
      })}
    </Stack>
  );
}

export function ReplyPanel({ entry }: { entry: JournalEntry }) {
  const reply = useReplyMutation(entry.uuid);
  const [text, setText] = useState('');
  const replied = entry.replies.length > 0;
  const [editing, setEditing] = useState(!replied);
  const resolved = entry.status === 'resolved';
  // A reply read back by a live update (this vet's own, or a colleague's): an empty editor folds away
  // as after a send, a reply being written stays as typed.
  const [repliesSeen, setRepliesSeen] = useState(entry.replies.length);
  if (entry.replies.length !== repliesSeen) {
    setRepliesSeen(entry.replies.length);
    if (text.trim() === '') setEditing(entry.replies.length === 0);
  }

  const submit = () =>
    mutateThen(
      reply,
      { reply: text },
      {
        onSuccess: () => {
          setEditing(false);
          setText('');
          notifications.show({ color: 'clinic', message: 'Reply sent to the owner by e-mail.' });
        },
      },
    );

  return (
    <Stack gap="md">
      {replied && <ReplyThread replies={entry.replies} />}
      {resolved ? (
        !replied && (
          <Text size="sm" c="dimmed">
            Resolved without a reply.
          </Text>
        )
      ) : editing ? (
        <Editor
          name="journal-reply"
          what="the reply"
          dirty={() => text.trim() !== '' && !reply.isPending}
          dirtyOnUnload={() => text.trim() !== ''}
        >
          <Stack gap="sm">
            <Textarea
              label={replied ? 'New reply' : 'Reply to the owner'}
              description={
                replied
                  ? 'Sent to the owner by e-mail and added after the replies above, which stay as they were sent.'
                  : 'Sent to the owner by e-mail and kept on the entry.'
              }
              placeholder="What you advise, what to watch for, when to call"
              autosize
              minRows={4}
              maxRows={12}
              maxLength={5000}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            {reply.error && (
              <Alert color="red" variant="light">
                {errorMessage(reply.error)}
              </Alert>
            )}
            <Group gap="sm">
              <Button
                onClick={submit}
                loading={reply.isPending}
                disabled={text.trim() === ''}
                leftSection={<IconSend size={16} />}
              >
                Send reply
              </Button>
              {replied && (
                <Button variant="default" onClick={() => setEditing(false)} disabled={reply.isPending}>
                  Cancel
                </Button>
              )}
            </Group>
          </Stack>
        </Editor>
      ) : (
        <Button variant="light" onClick={() => setEditing(true)} w="fit-content">
          Reply again
        </Button>
      )}
    </Stack>
  );
}
