import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDownload, IconLock, IconPencil } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  ASSESSMENT_SECTIONS,
  type ClinicalDocument,
  type ClinicalDocumentKind,
  isAssessmentContent,
  replacePetNamePlaceholders,
} from '@vetboard/contract';
import { useState } from 'react';
import { ConfirmModal } from '@/components/feedback/confirm-modal.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { AmendModal } from './clinical-amend-modal.tsx';
import { kindPaths, kindTexts } from './clinical-document-kinds.ts';
import {
  useDeleteClinicalDocumentMutation,
  useSignClinicalDocumentMutation,
} from './clinical-documents.mutations.ts';
import { clinicalDocumentQueryOptions, clinicalDocumentsKeys } from './clinical-documents.queries.ts';
import { type AutosaveDiscard, DraftEditor } from './clinical-draft-editor.tsx';
import { DocumentAnchor, DocumentListAnchor } from './document-anchors.tsx';
import { DocumentStatusBadge } from './document-status-badge.tsx';
import { RichTextView } from './rich-text-view.tsx';
import { VersionHistory } from './version-history.tsx';

function SignatureBlock({ document }: { document: ClinicalDocument }) {
  return (
    <Paper withBorder p="md" bg="var(--mantine-color-gray-0)" data-testid="signature-block">
      <Group gap="xs" mb={6}>
        <IconLock size={16} aria-hidden />
        <Text fw={600} size="sm">
          Signed, read-only
        </Text>
      </Group>
      <Text size="sm">
        Signed by <strong>{document.signedBy?.name ?? 'a vet'}</strong>
        {document.signedAt && <>, {formatDateTime(document.signedAt)}</>} · version {document.version}
      </Text>
      <Text size="xs" c="dimmed" mt={4} style={{ wordBreak: 'break-all' }} data-testid="signature-hash">
        SHA-256 {document.contentSha256}
      </Text>
    </Paper>
  );
}

function ReadOnlyContent({ document }: { document: ClinicalDocument }) {
  const petName = document.pet.name;
  const { content } = document;
  if (!isAssessmentContent(content)) {
    return (
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <RichTextView doc={content.body} petName={petName} />
      </Paper>
    );
  }
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <section aria-labelledby="problems-title">
          <Title order={2} size="h4" id="problems-title" mb={6}>
            Problem list
          </Title>
          {content.problems.length === 0 ? (
            <Text size="sm" c="dimmed" fs="italic">
              None recorded.
            </Text>
          ) : (
            <ol style={{ margin: 0, paddingLeft: 20 }} data-testid="problem-list">
              {content.problems.map((problem) => (
                <li key={problem}>
                  <Text size="sm">{replacePetNamePlaceholders(problem, petName)}</Text>
                </li>
              ))}
            </ol>
          )}
        </section>
        {ASSESSMENT_SECTIONS.map(({ key, label }) => (
          <section key={key} aria-labelledby={`${key}-title`} data-testid={`section-${key}`}>
            <Title order={2} size="h4" id={`${key}-title`} mb={6}>
              {label}
            </Title>
            <RichTextView doc={content[key]} petName={petName} />
          </section>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * One version of an assessment or medical report: the editor while it is a draft (autosaved), the
 * signed text with its signature block after, the amendment that corrects it, its versions and diffs.
 */
export function ClinicalDocumentPage({
  petUuid,
  docUuid,
  kind,
}: {
  petUuid: string;
  docUuid: string;
  kind: ClinicalDocumentKind;
}) {
  const query = useQuery(clinicalDocumentQueryOptions(petUuid, docUuid));
  const queryClient = useQueryClient();
  const [signing, setSigning] = useState<null | (() => Promise<boolean>)>(null);
  const [flushing, setFlushing] = useState(false);
  const [amending, setAmending] = useState(false);
  const sign = useSignClinicalDocumentMutation(petUuid, docUuid);
  const remove = useDeleteClinicalDocumentMutation(petUuid, docUuid);
  const [deleting, setDeleting] = useState<AutosaveDiscard | null>(null);
  const navigate = useNavigate();

  if (query.isError)
    return (
      <Alert color="red" variant="light" title="Could not load the document">
        {errorMessage(query.error)}
      </Alert>
    );
  if (!query.data)
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={36} width="60%" />
        <Skeleton height={320} />
      </Stack>
    );

  const { clinicalDocument: document, versions } = query.data;
  // A link that pairs a pet or a kind with another pet's or kind's document: said, not shown under it.
  if (document.pet.uuid !== petUuid || document.kind !== kind)
    return (
      <Alert color="yellow" variant="light" title="Not a document of this page">
        This {kindTexts[document.kind].singular.toLowerCase()} is {document.pet.name}’s.{' '}
        <DocumentAnchor kind={document.kind} petUuid={document.pet.uuid} docUuid={document.uuid}>
          Open it
        </DocumentAnchor>
      </Alert>
    );
  const texts = kindTexts[document.kind];
  const signed = document.status === 'signed';
  const newest = versions[versions.length - 1];

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={6}>
        <DocumentListAnchor kind={document.kind} petUuid={petUuid} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {texts.plural}
          </Group>
        </DocumentListAnchor>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 22, sm: 26 }} data-testid="document-title">
              {replacePetNamePlaceholders(document.title, document.pet.name)}
            </Title>
            <Group gap="xs" wrap="wrap">
              <DocumentStatusBadge status={document.status} />
              <Badge variant="outline" color="gray" tt="none" radius="sm" data-testid="document-version">
                Version {document.version}
              </Badge>
              <Text size="xs" c="dimmed">
                {texts.singular} of {document.pet.name}
                {document.updatedBy &&
                  `, last saved by ${document.updatedBy.name} ${formatDateTime(document.updatedAt)}`}
              </Text>
            </Group>
          </Stack>
          {signed && (
            <Group gap="sm">
              <Button
                component="a"
                href={`/v1/clinical-documents/${document.uuid}/pdf`}
                download
                variant="default"
                leftSection={<IconDownload size={16} />}
              >
                Download PDF
              </Button>
              {document.actions.amend && (
                <Button leftSection={<IconPencil size={16} />} onClick={() => setAmending(true)}>
                  Amend
                </Button>
              )}
            </Group>
          )}
        </Group>
      </Stack>

      {document.amendmentReason && (
        <Alert
          color="yellow"
          variant="light"
          title={`Amends version ${document.version - 1}`}
          data-testid="amendment-reason"
        >
          {document.amendmentReason}
        </Alert>
      )}
      {signed && newest && newest.uuid !== document.uuid && (
        <Alert color="blue" variant="light">
          This version was amended.{' '}
          <DocumentAnchor kind={document.kind} petUuid={petUuid} docUuid={newest.uuid}>
            Open version {newest.version} ({newest.status === 'signed' ? 'signed' : 'draft'})
          </DocumentAnchor>
        </Alert>
      )}
      {(sign.error || remove.error) && (
        <Alert color="red" variant="light">
          {errorMessage(sign.error ?? remove.error)}
        </Alert>
      )}

      {signed ? (
        <>
          <ReadOnlyContent document={document} />
          <SignatureBlock document={document} />
        </>
      ) : (
        <DraftEditor
          key={document.uuid}
          document={document}
          onSaved={(response) =>
            queryClient.setQueryData(
              clinicalDocumentsKeys.detail(petUuid, response.clinicalDocument.uuid),
              response,
            )
          }
          onSign={(flush) => setSigning(() => flush)}
          onDelete={(discard) => setDeleting(() => discard)}
        />
      )}

      <VersionHistory petUuid={petUuid} current={document} versions={versions} />

      <ConfirmModal
        opened={deleting !== null}
        title="Delete this draft?"
        confirmLabel="Delete draft"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          const autosave = await deleting?.();
          mutateThen(remove, undefined, {
            onSuccess: () => {
              autosave?.forget();
              setDeleting(null);
              notifications.show({ color: 'clinic', message: 'Draft deleted.' });
              void navigate({ to: kindPaths[document.kind].list, params: { uuid: petUuid } });
            },
            onError: () => {
              autosave?.keep();
              setDeleting(null);
            },
          });
        }}
      >
        It disappears from {document.pet.name}’s {texts.plural.toLowerCase()}. Its last content stays in the
        audit log.
      </ConfirmModal>
      <ConfirmModal
        opened={signing !== null}
        title={`Sign version ${document.version}?`}
        confirmLabel="Sign"
        loading={flushing || sign.isPending}
        onClose={() => setSigning(null)}
        onConfirm={async () => {
          // What is on screen is what gets signed: unsent edits go first, and a refused save stops here.
          // The button shows it is working from the click on, the save included.
          setFlushing(true);
          try {
            if (!(await signing?.())) {
              setSigning(null);
              return;
            }
            mutateThen(sign, undefined, {
              onSuccess: () => {
                setSigning(null);
                notifications.show({ color: 'clinic', message: `${texts.singular} signed.` });
              },
              onError: () => setSigning(null),
            });
          } finally {
            setFlushing(false);
          }
        }}
      >
        Your name, the time and a fingerprint (SHA-256) of the content are recorded. A signed version can no
        longer be edited: corrections are made by amending it.
      </ConfirmModal>
      <AmendModal document={document} opened={amending} onClose={() => setAmending(false)} />
    </Stack>
  );
}
