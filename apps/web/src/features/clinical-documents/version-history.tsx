import {
  Alert,
  Box,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  type ClinicalDocument,
  type ClinicalDocumentSummary,
  type DiffPart,
  replacePetNamePlaceholders,
} from '@vetboard/contract';
import { useState } from 'react';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { clinicalDocumentDiffQueryOptions } from './clinical-documents.queries.ts';
import { DocumentAnchor } from './document-anchors.tsx';
import { DocumentStatusBadge } from './document-status-badge.tsx';

function versionLine(version: ClinicalDocumentSummary): string {
  if (version.signedBy && version.signedAt)
    return `Signed by ${version.signedBy.name}, ${formatDateTime(version.signedAt)}`;
  return `Draft, last saved ${formatDateTime(version.updatedAt)}${version.updatedBy ? ` by ${version.updatedBy.name}` : ''}`;
}

/** One side of a section's diff: the words it shares with the other, and its own highlighted. */
function DiffSide({ parts, side, petName }: { parts: DiffPart[]; side: 'from' | 'to'; petName: string }) {
  return (
    <Text
      size="sm"
      component="div"
      style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
      data-testid={`diff-${side}`}
    >
      {parts.map((part, index) => {
        if (side === 'from' && part.added) return null;
        if (side === 'to' && part.removed) return null;
        // Dark text on pale tints: 7:1 and more, beyond WCAG AA's 4.5:1.
        const Tag = part.removed ? 'del' : part.added ? 'ins' : 'span';
        const style = part.removed
          ? { background: '#fee2e2', color: '#7f1d1d' }
          : part.added
            ? { background: '#dcfce7', color: '#14532d' }
            : undefined;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: diff parts have no ids and are drawn whole
          <Tag key={index} style={style}>
            {replacePetNamePlaceholders(part.value, petName)}
          </Tag>
        );
      })}
    </Text>
  );
}

function DiffView({ petUuid, from, to }: { petUuid: string; from: string; to: string }) {
  const diff = useQuery(clinicalDocumentDiffQueryOptions(petUuid, from, to));
  if (diff.isError)
    return (
      <Alert color="red" variant="light" title="Could not compare the versions">
        {errorMessage(diff.error)}
      </Alert>
    );
  if (!diff.data) return <Skeleton height={160} aria-busy="true" />;
  const { sections } = diff.data;
  const changed = sections.filter((section) => section.changed);
  return (
    <Stack gap="md" data-testid="version-diff">
      {changed.length === 0 && (
        <Text size="sm" c="dimmed">
          The two versions say the same.
        </Text>
      )}
      {changed.map((section) => (
        <Stack key={section.label} gap={6} data-testid="diff-section" data-section={section.label}>
          <Text fw={600} size="sm">
            {section.label}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Paper withBorder p="sm" aria-label={`${section.label}, version ${diff.data.from.version}`}>
              <Text size="xs" c="dimmed" mb={4}>
                Version {diff.data.from.version}
              </Text>
              <DiffSide parts={section.parts} side="from" petName={diff.data.from.pet.name} />
            </Paper>
            <Paper withBorder p="sm" aria-label={`${section.label}, version ${diff.data.to.version}`}>
              <Text size="xs" c="dimmed" mb={4}>
                Version {diff.data.to.version}
              </Text>
              <DiffSide parts={section.parts} side="to" petName={diff.data.to.pet.name} />
            </Paper>
          </SimpleGrid>
        </Stack>
      ))}
      {changed.length > 0 && changed.length < sections.length && (
        <Text size="xs" c="dimmed">
          Unchanged:{' '}
          {sections
            .filter((section) => !section.changed)
            .map((section) => section.label)
            .join(', ')}
          .
        </Text>
      )}
    </Stack>
  );
}

/** Every version of the document, and a side-by-side comparison of any two of them. */
export function VersionHistory({
  petUuid,
  current,
  versions,
}: {
  petUuid: string;
  current: ClinicalDocument;
  versions: ClinicalDocumentSummary[];
}) {
  const index = versions.findIndex((version) => version.uuid === current.uuid);
  const [from, setFrom] = useState<string | null>(versions[Math.max(0, index - 1)]?.uuid ?? null);
  const [to, setTo] = useState<string | null>(
    index > 0 ? current.uuid : (versions[index + 1]?.uuid ?? current.uuid),
  );
  const options = versions.map((version) => ({
    value: version.uuid,
    label: `Version ${version.version} (${version.status === 'signed' ? 'signed' : 'draft'})`,
  }));

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="versions-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="versions-title">
          Versions
        </Title>
        <Timeline active={versions.length - 1} bulletSize={18} lineWidth={2} data-testid="version-history">
          {versions.map((version) => (
            <Timeline.Item
              key={version.uuid}
              title={
                <Group gap="xs" wrap="wrap">
                  {version.uuid === current.uuid ? (
                    <Text fw={600} size="sm">
                      Version {version.version} (shown)
                    </Text>
                  ) : (
                    <DocumentAnchor
                      kind={current.kind}
                      petUuid={petUuid}
                      docUuid={version.uuid}
                      size="sm"
                      fw={600}
                    >
                      Version {version.version}
                    </DocumentAnchor>
                  )}
                  <DocumentStatusBadge status={version.status} testId="version-status" />
                </Group>
              }
              data-testid="version-item"
            >
              <Text size="xs" c="dimmed">
                {versionLine(version)}
              </Text>
              {version.amendmentReason && (
                <Text size="xs" mt={2}>
                  Reason: {version.amendmentReason}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
        {versions.length >= 2 && from && to && (
          <Box>
            <Group gap="sm" align="flex-end" wrap="wrap" mb="md">
              <Select
                label="Compare"
                data={options}
                value={from}
                onChange={setFrom}
                allowDeselect={false}
                w={200}
                data-testid="diff-from"
              />
              <Select
                label="with"
                data={options}
                value={to}
                onChange={setTo}
                allowDeselect={false}
                w={200}
                data-testid="diff-to"
              />
            </Group>
            {from === to ? (
              <Text size="sm" c="dimmed">
                Choose two different versions.
              </Text>
            ) : (
              <DiffView petUuid={petUuid} from={from} to={to} />
            )}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
