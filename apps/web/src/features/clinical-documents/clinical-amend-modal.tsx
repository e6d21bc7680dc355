import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { ClinicalDocument } from '@vetboard/contract';
import { useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { kindPaths } from './clinical-document-kinds.ts';
import { useAmendClinicalDocumentMutation } from './clinical-documents.mutations.ts';

export function AmendModal({
  document,
  opened,
  onClose,
}: {
  document: ClinicalDocument;
  opened: boolean;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const amend = useAmendClinicalDocumentMutation(document.pet.uuid, document.uuid);
  const navigate = useNavigate();
  const paths = kindPaths[document.kind];
  return (
    <Modal opened={opened} onClose={onClose} title="Amend the signed version" centered size="md">
      <Editor
        name="clinical-document-amend"
        what="the reason for the amendment"
        dirty={() => reason.trim() !== '' && !amend.isPending}
      >
        <Stack gap="md">
          <Text size="sm">
            Version {document.version} stays as it was signed. Version {document.version + 1} starts as a
            draft copy of it, linked to it with your reason, and is signed in its turn.
          </Text>
          <Textarea
            label="Reason for the amendment"
            required
            autosize
            minRows={2}
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
            data-testid="amend-reason"
          />
          {amend.error && (
            <Alert color="red" variant="light">
              {errorMessage(amend.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={amend.isPending}>
              Cancel
            </Button>
            <Button
              loading={amend.isPending}
              disabled={reason.trim() === ''}
              onClick={() =>
                mutateThen(
                  amend,
                  { reason },
                  {
                    onSuccess: (response) => {
                      onClose();
                      void navigate({
                        to: paths.document,
                        params: { uuid: document.pet.uuid, docUuid: response.clinicalDocument.uuid },
                      });
                    },
                  },
                )
              }
            >
              Start amendment
            </Button>
          </Group>
        </Stack>
      </Editor>
    </Modal>
  );
}
