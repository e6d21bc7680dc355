import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { EmailPreview } from '@vetboard/contract';
import type { ReactNode } from 'react';

/** The e-mail exactly as it will be sent, and to whom, before the vet sends it. */
export function EmailPreviewModal({
  opened,
  title,
  preview,
  loading,
  error,
  sending,
  onClose,
  onSend,
  notice,
  sendLabel = 'Send',
}: {
  opened: boolean;
  title: string;
  /** What the vet should weigh before sending, above the e-mail. */
  notice?: ReactNode;
  sendLabel?: string;
  preview: EmailPreview | undefined;
  loading: boolean;
  error: string | null;
  sending: boolean;
  onClose: () => void;
  onSend: () => void;
}) {
  const noRecipients = preview !== undefined && preview.to.length === 0;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm" data-testid="email-preview">
        {loading || !preview ? (
          error ? (
            <Alert color="red">{error}</Alert>
          ) : (
            <Group justify="center" p="lg">
              <Loader size="sm" aria-label="Loading the preview" />
            </Group>
          )
        ) : (
          <>
            {notice}
            <Group gap={6} align="center">
              <Text size="sm" fw={600}>
                To
              </Text>
              {preview.to.map((to) => (
                <Badge key={to} variant="light" color="gray" tt="none" data-testid="recipient">
                  {to}
                </Badge>
              ))}
              {noRecipients && (
                <Text size="sm" c="red.8">
                  The company has no contact address for these e-mails: add one under Contacts.
                </Text>
              )}
            </Group>
            <Text size="sm">
              <Text span fw={600}>
                Subject{' '}
              </Text>
              {preview.subject}
            </Text>
            <iframe
              title="E-mail preview"
              srcDoc={preview.html}
              sandbox=""
              style={{
                width: '100%',
                height: 380,
                border: '1px solid var(--mantine-color-gray-4)',
                borderRadius: 4,
              }}
            />
            {error && <Alert color="red">{error}</Alert>}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button onClick={onSend} loading={sending} disabled={!preview || noRecipients} data-autofocus>
            {sendLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
