import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconHeartbeat, IconSignature, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  type AssessmentContent,
  type ClinicalDocument,
  type ClinicalDocumentResponse,
  type ClinicalDocumentUpdate,
  isAssessmentContent,
  type RichText,
} from '@vetboard/contract';
import { lazy, Suspense, useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { latestTrackersQueryOptions } from '@/components/trackers/latest-trackers.queries.ts';
import { errorMessage, HttpError } from '@/lib/api/api-errors.ts';
import { type AutosaveState, useDraftAutosave } from './use-draft-autosave.ts';
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

export type AutosaveDiscard = ReturnType<typeof useDraftAutosave>['discard'];

export function DraftEditor({
  document,
  onSaved,
  onSign,
  onDelete,
}: {
  document: ClinicalDocument;
  onSaved: (response: ClinicalDocumentResponse) => void;
  onSign: (flush: () => Promise<boolean>) => void;
  /** Offered to the draft's author: the page confirms, stops the autosave (`discard`) and deletes. */
  onDelete: (discard: AutosaveDiscard) => void;
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
          <Group gap="sm">
            {document.actions.delete && (
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => onDelete(autosave.discard)}
              >
                Delete draft
              </Button>
            )}
            <Button leftSection={<IconSignature size={16} />} onClick={() => onSign(() => autosave.flush())}>
              Sign
            </Button>
          </Group>
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
