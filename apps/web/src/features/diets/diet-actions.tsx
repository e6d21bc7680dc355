import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconCopy,
  IconExternalLink,
  IconFiles,
  IconFileTypePdf,
  IconLink,
  IconPencil,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { Diet } from '@vetboard/contract';
import { useState } from 'react';
import { ConfirmModal } from '@/components/feedback/confirm-modal.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { useCopyDietMutation, useDeleteDietMutation, useGenerateDietPdfMutation } from './diets.mutations.ts';
import { dietPdfUrlQueryOptions } from './diets.queries.ts';
import { PublishDietDialog } from './publish-diet-dialog.tsx';

type Dialog = 'publish' | 'copy' | 'delete' | 'pdf-link' | null;

function PdfLinkBody({ dietUuid }: { dietUuid: string }) {
  const link = useQuery({ ...dietPdfUrlQueryOptions(dietUuid), meta: { handlesErrors: true } });
  if (link.isPending) {
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text size="sm">Signing a link…</Text>
      </Group>
    );
  }
  if (link.isError) {
    return (
      <Text size="sm" c="red">
        {errorMessage(link.error)}
      </Text>
    );
  }
  const { pdfUrl, expiresAt } = link.data;
  return (
    <Stack gap="md">
      <Text size="sm">
        Anyone with this link can open the diet's PDF without logging in, until{' '}
        <Text span fw={600}>
          {formatDateTime(expiresAt)}
        </Text>
        .
      </Text>
      <TextInput
        label="Link for the owner"
        value={pdfUrl}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        data-testid="diet-pdf-url"
        rightSection={
          <CopyButton value={pdfUrl} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow position="left">
                <ActionIcon
                  color={copied ? 'teal' : 'gray'}
                  variant="subtle"
                  onClick={copy}
                  aria-label={copied ? 'Copied' : 'Copy link'}
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        }
      />
      <Group justify="flex-end">
        <Button
          component="a"
          href={pdfUrl}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconExternalLink size={16} />}
        >
          Open in new tab
        </Button>
      </Group>
    </Stack>
  );
}

/** What a vet can do with a diet: each change asks first and says afterwards whether it worked. */
export function DietActions({ diet, petName }: { diet: Diet; petName: string }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const copy = useCopyDietMutation(diet.petUuid);
  const remove = useDeleteDietMutation(diet.uuid, diet.petUuid);
  const generate = useGenerateDietPdfMutation(diet.uuid);
  const isDraft = diet.status === 'draft';

  const generatePdf = () =>
    mutateThen(generate, undefined, {
      onSuccess: () => notifications.show({ color: 'teal', message: 'The PDF is generated and up to date.' }),
    });

  const confirmCopy = () =>
    mutateThen(copy, diet.uuid, {
      onSuccess: ({ copyUuid }) => {
        close();
        notifications.show({ color: 'teal', message: 'A new draft was copied from this diet.' });
        void navigate({ to: '/diets/$uuid/edit', params: { uuid: copyUuid } });
      },
    });

  const confirmDelete = () =>
    mutateThen(remove, undefined, {
      onSuccess: () => {
        close();
        notifications.show({ color: 'teal', message: 'The draft diet was deleted.' });
        void navigate({ to: '/pets/$uuid/diets', params: { uuid: diet.petUuid } });
      },
    });

  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid="diet-actions">
        {isDraft && (
          <Button
            leftSection={<IconPencil size={16} />}
            renderRoot={(props) => <Link to="/diets/$uuid/edit" params={{ uuid: diet.uuid }} {...props} />}
          >
            Edit
          </Button>
        )}
        {isDraft && (
          <Button
            variant="light"
            color="teal"
            leftSection={<IconSend size={16} />}
            onClick={() => setDialog('publish')}
          >
            Publish
          </Button>
        )}
        <Button
          variant="default"
          leftSection={<IconFileTypePdf size={16} />}
          onClick={generatePdf}
          loading={generate.isPending}
        >
          Generate PDF
        </Button>
        <Button variant="default" leftSection={<IconLink size={16} />} onClick={() => setDialog('pdf-link')}>
          Get PDF link
        </Button>
        <Button variant="default" leftSection={<IconFiles size={16} />} onClick={() => setDialog('copy')}>
          Copy
        </Button>
        {isDraft && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDialog('delete')}
          >
            Delete
          </Button>
        )}
      </Group>

      <PublishDietDialog diet={diet} petName={petName} opened={dialog === 'publish'} onClose={close} />
      <ConfirmModal
        opened={dialog === 'copy'}
        title="Copy this diet?"
        confirmLabel="Copy to a new draft"
        loading={copy.isPending}
        onConfirm={confirmCopy}
        onClose={close}
      >
        A new draft with the same ingredients and instructions opens in the editor. This diet stays as it is.
      </ConfirmModal>
      <ConfirmModal
        opened={dialog === 'delete'}
        title="Delete this draft?"
        confirmLabel="Delete"
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={close}
      >
        The draft and its ingredients are removed for good.
      </ConfirmModal>
      <Modal opened={dialog === 'pdf-link'} onClose={close} title="Link to the PDF" centered size="lg">
        {dialog === 'pdf-link' && <PdfLinkBody dietUuid={diet.uuid} />}
      </Modal>
    </>
  );
}
