import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconCheck,
  IconDownload,
  IconHeartbeat,
  IconLock,
  IconPencil,
  IconSignature,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  ASSESSMENT_SECTIONS,
  type AssessmentContent,
  type ClinicalDocument,
  type ClinicalDocumentKind,
  type ClinicalDocumentResponse,
  type ClinicalDocumentUpdate,
  isAssessmentContent,
  type RichText,
  replacePetNamePlaceholders,
} from '@vetboard/contract';
import { lazy, Suspense, useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { ConfirmModal } from '@/components/feedback/confirm-modal.tsx';
import { latestTrackersQueryOptions } from '@/components/trackers/latest-trackers.queries.ts';
import { errorMessage, HttpError } from '@/lib/api/api-errors.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { kindPaths, kindTexts } from './clinical-document-kinds.ts';
import {
  useAmendClinicalDocumentMutation,
  useSignClinicalDocumentMutation,
} from './clinical-documents.mutations.ts';
import { clinicalDocumentQueryOptions, clinicalDocumentsKeys } from './clinical-documents.queries.ts';
import { DocumentAnchor, DocumentListAnchor } from './document-anchors.tsx';
import { DocumentStatusBadge } from './document-status-badge.tsx';
import { RichTextView } from './rich-text-view.tsx';
import { type AutosaveState, useDraftAutosave } from './use-draft-autosave.ts';
import { VersionHistory } from './version-history.tsx';
import { latestVitalsBlocks } from './vitals-text.ts';

const RichTextEditorField = lazy(() => import('./rich-text-editor.tsx'));

function EditorFallback({ label }: { label: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Skeleton height={150} />
    </Stack>
  );
}

/** A refused save says why in the API's own words (a link the subset refuses, a list nested too deep). */
function saveErrorText(error: unknown): string {
  const reasons = error instanceof HttpError ? (error.details ?? []).map((detail) => detail.message) : [];
  return reasons.length > 0 ? [...new Set(reasons)].join('; ') : errorMessage(error);
}

function SaveIndicator({ state, error }: { state: AutosaveState; error: unknown }) {
  const text =
    state === 'saving'
      ? 'Saving…'
      : state === 'pending'
        ? 'Unsaved changes'
        : state === 'error'
          ? `Not saved: ${saveErrorText(error)}`
          : 'Saved';
  return (
    <Group gap={6} aria-live="polite" data-testid="autosave-state" data-state={state}>
      {state === 'saving' ? (
        <Loader size={12} />
      ) : state === 'saved' ? (
        <IconCheck size={14} color="var(--mantine-color-clinic-7)" />
      ) : null}
      <Text size="sm" c={state === 'error' ? 'red.8' : 'dimmed'}>
        {text}
      </Text>
    </Group>
  );
}

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

function DraftEditor({
  document,
  onSaved,
  onSign,
}: {
  document: ClinicalDocument;
  onSaved: (response: ClinicalDocumentResponse) => void;
  onSign: (flush: () => Promise<boolean>) => void;
}) {
  const autosave = useDraftAutosave(
    document.uuid,
    { title: document.title, content: document.content },
    document.updatedAt.seconds,
    onSaved,
  );
  const [body, setBody] = useState<ClinicalDocumentUpdate>(autosave.initial);
  // The objective's editor is drawn again with the vitals added to it.
  const [objectiveRevision, setObjectiveRevision] = useState(0);
  const queryClient = useQueryClient();
  const [vitalsError, setVitalsError] = useState<string | null>(null);
  const [vitalsLoading, setVitalsLoading] = useState(false);
  const update = (next: ClinicalDocumentUpdate) => {
    setBody(next);
    autosave.change(next);
  };
  const content = body.content;
  const setSection = (key: keyof AssessmentContent, value: RichText | string[]) =>
    update({ ...body, content: { ...(content as AssessmentContent), [key]: value } });

  const insertVitals = async () => {
    if (!isAssessmentContent(content)) return;
    setVitalsLoading(true);
    setVitalsError(null);
    try {
      const latest = await queryClient.fetchQuery(latestTrackersQueryOptions(document.pet.uuid));
      const objective: RichText = {
        type: 'doc',
        content: [
          ...content.objective.content.filter((node) => node.type !== 'paragraph' || node.content?.length),
          ...latestVitalsBlocks(latest),
        ],
      };
      setSection('objective', objective);
      setObjectiveRevision((revision) => revision + 1);
    } catch (error) {
      setVitalsError(errorMessage(error));
    } finally {
      setVitalsLoading(false);
    }
  };

  const restoredNote = autosave.restored && (
    <Alert color="yellow" variant="light">
      Changes this browser had not sent yet were restored; they are being saved.
    </Alert>
  );

  // What is typed is sent on a timer and again when the page goes (the hook flushes on unmount and the
  // browser keeps what it has not sent), so leaving loses nothing unless the last save failed.
  return (
    <Editor name="clinical-document-draft" what="this draft" dirty={() => autosave.state === 'error'}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <SaveIndicator state={autosave.state} error={autosave.error} />
          <Button leftSection={<IconSignature size={16} />} onClick={() => onSign(() => autosave.flush())}>
            Sign
          </Button>
        </Group>
        {restoredNote}
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="lg">
            <TextInput
              label="Title"
              value={body.title}
              maxLength={200}
              onChange={(event) => update({ ...body, title: event.currentTarget.value })}
              error={body.title.trim() === '' ? 'A document needs a title' : undefined}
              data-testid="document-title-input"
            />
            <Suspense fallback={<EditorFallback label="Content" />}>
              {isAssessmentContent(content) ? (
                <>
                  <TagsInput
                    label="Problem list"
                    description="Press Enter after each problem."
                    placeholder="e.g. Mitral valve disease, stage B2"
                    splitChars={[]}
                    maxTags={30}
                    value={content.problems}
                    onChange={(problems) => setSection('problems', problems)}
                    data-testid="problem-input"
                  />
                  <RichTextEditorField
                    label="Subjective"
                    description="History and what the owner reports. {{PET_NAME}} is replaced by the pet’s name."
                    value={content.subjective}
                    onChange={(doc) => setSection('subjective', doc)}
                    testId="editor-subjective"
                  />
                  <Stack gap={6}>
                    <RichTextEditorField
                      key={objectiveRevision}
                      label="Objective"
                      description="Examination findings and measurements."
                      value={content.objective}
                      onChange={(doc) => setSection('objective', doc)}
                      testId="editor-objective"
                    />
                    <Group gap="sm">
                      <Button
                        variant="light"
                        size="xs"
                        leftSection={<IconHeartbeat size={14} />}
                        loading={vitalsLoading}
                        onClick={() => void insertVitals()}
                      >
                        Insert latest vitals
                      </Button>
                      {vitalsError && (
                        <Text size="xs" c="red.8">
                          {vitalsError}
                        </Text>
                      )}
                    </Group>
                  </Stack>
                  <RichTextEditorField
                    label="Assessment"
                    value={content.assessment}
                    onChange={(doc) => setSection('assessment', doc)}
                    testId="editor-assessment"
                  />
                  <RichTextEditorField
                    label="Plan"
                    value={content.plan}
                    onChange={(doc) => setSection('plan', doc)}
                    testId="editor-plan"
                  />
                </>
              ) : (
                <RichTextEditorField
                  label="Report"
                  description="Write under the template’s headings. {{PET_NAME}} is replaced by the pet’s name."
                  value={content.body}
                  onChange={(doc) => update({ ...body, content: { body: doc } })}
                  testId="editor-body"
                />
              )}
            </Suspense>
          </Stack>
        </Paper>
      </Stack>
    </Editor>
  );
}

function AmendModal({
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
      {sign.error && (
        <Alert color="red" variant="light">
          {errorMessage(sign.error)}
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
        />
      )}

      <VersionHistory petUuid={petUuid} current={document} versions={versions} />

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
