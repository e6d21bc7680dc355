import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Company, canEditCompanyContacts, companyContactsSchema } from '@vetboard/contract';
import { useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { useAuthState } from '@/lib/auth/auth-store.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { useUpdateContactsMutation } from './b2b.mutations.ts';

const lines = (value: string) =>
  value
    .split(/[\n,;]/)
    .map((line) => line.trim())
    .filter(Boolean);

export function ContactsCard({ company }: { company: Company }) {
  const me = useAuthState().vet;
  const mayEdit = me !== null && canEditCompanyContacts(me);
  const [opened, setOpened] = useState(false);
  const [daily, setDaily] = useState('');
  const [urgent, setUrgent] = useState('');
  const [errors, setErrors] = useState<{ daily?: string; urgent?: string }>({});
  const update = useUpdateContactsMutation(company.sku);
  const open = () => {
    setDaily(company.dailyStatusEmails.join('\n'));
    setUrgent(company.urgentReportEmails.join('\n'));
    setErrors({});
    update.reset();
    setOpened(true);
  };
  const contactsChanged = () =>
    daily !== company.dailyStatusEmails.join('\n') || urgent !== company.urgentReportEmails.join('\n');
  const save = () => {
    const parsed = companyContactsSchema.safeParse({
      dailyStatusEmails: lines(daily),
      urgentReportEmails: lines(urgent),
    });
    if (!parsed.success) {
      const found: { daily?: string; urgent?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'dailyStatusEmails' ? 'daily' : 'urgent';
        const index = typeof issue.path[1] === 'number' ? issue.path[1] : null;
        const list = field === 'daily' ? lines(daily) : lines(urgent);
        found[field] ??= index === null ? issue.message : `${list[index]}: ${issue.message}`;
      }
      setErrors(found);
      return;
    }
    mutateThen(update, parsed.data, {
      onSuccess: () => {
        setOpened(false);
        notifications.show({ color: 'teal', message: `${company.name}’s contacts saved.` });
      },
    });
  };
  const list = (emails: string[]) =>
    emails.length > 0 ? (
      <Group gap={6}>
        {emails.map((email) => (
          <Badge key={email} variant="light" color="gray" tt="none">
            {email}
          </Badge>
        ))}
      </Group>
    ) : (
      <Text size="sm" c="dimmed">
        None yet
      </Text>
    );
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Contacts
          </Title>
          {mayEdit && (
            <Button variant="default" size="xs" onClick={open}>
              Edit contacts
            </Button>
          )}
        </Group>
        <Text size="sm" fw={600}>
          Daily statuses
        </Text>
        {list(company.dailyStatusEmails)}
        <Text size="sm" fw={600}>
          Urgent reports
        </Text>
        {list(company.urgentReportEmails)}
      </Stack>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`${company.name}: contacts`}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Editor
          name="b2b-company-contacts"
          what="the contacts"
          dirty={() => contactsChanged() && !update.isPending}
        >
          <Stack>
            <Textarea
              label="Daily status e-mails"
              description="One address per line"
              value={daily}
              onChange={(event) => setDaily(event.currentTarget.value)}
              error={errors.daily}
              autosize
              minRows={2}
            />
            <Textarea
              label="Urgent report e-mails"
              description="One address per line"
              value={urgent}
              onChange={(event) => setUrgent(event.currentTarget.value)}
              error={errors.urgent}
              autosize
              minRows={2}
            />
            {update.error && <Alert color="red">{errorMessage(update.error)}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button onClick={save} loading={update.isPending}>
                Save contacts
              </Button>
            </Group>
          </Stack>
        </Editor>
      </Modal>
    </Paper>
  );
}
