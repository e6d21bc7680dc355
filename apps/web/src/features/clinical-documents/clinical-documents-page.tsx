import { Alert, Button, EmptyState, Menu, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconFileText, IconPlus, IconStethoscope } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  type ClinicalDocumentKind,
  type ClinicalDocumentResponse,
  REPORT_TEMPLATES,
  type ReportTemplateKey,
  replacePetNamePlaceholders,
  reportTemplateKeys,
} from '@vetboard/contract';
import { ListPageHeader } from '@/components/lists/list-page-header.tsx';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { kindPaths, kindTexts } from './clinical-document-kinds.ts';
import { useCreateClinicalDocumentMutation } from './clinical-documents.mutations.ts';
import { petClinicalDocumentsQueryOptions } from './clinical-documents.queries.ts';
import { DocumentAnchor } from './document-anchors.tsx';
import { DocumentStatusBadge } from './document-status-badge.tsx';

const DESCRIPTIONS: Record<ClinicalDocumentKind, (pet: string) => string> = {
  assessment: (pet) =>
    `Structured assessments of ${pet} (problems, subjective, objective, assessment, plan): drafts, signed versions and amendments.`,
  report: (pet) =>
    `Medical reports written about ${pet} from a template: drafts, signed versions and amendments.`,
};

function NewDocumentButton({ petUuid, kind }: { petUuid: string; kind: ClinicalDocumentKind }) {
  const create = useCreateClinicalDocumentMutation(petUuid);
  const navigate = useNavigate();
  const open = (response: ClinicalDocumentResponse) =>
    navigate({
      to: kindPaths[kind].document,
      params: { uuid: petUuid, docUuid: response.clinicalDocument.uuid },
    });
  if (kind === 'assessment')
    return (
      <Button
        leftSection={<IconPlus size={16} />}
        loading={create.isPending}
        onClick={() => mutateThen(create, { kind }, { onSuccess: open })}
      >
        New assessment
      </Button>
    );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          leftSection={<IconPlus size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={create.isPending}
        >
          New report from template
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {reportTemplateKeys.map((template: ReportTemplateKey) => (
          <Menu.Item
            key={template}
            leftSection={<IconFileText size={14} />}
            onClick={() => mutateThen(create, { kind, template }, { onSuccess: open })}
          >
            {REPORT_TEMPLATES[template].label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** `/pets/{uuid}/clinical-assessments` and `/pets/{uuid}/medical-reports`: the newest version of each. */
export function ClinicalDocumentsPage({ petUuid, kind }: { petUuid: string; kind: ClinicalDocumentKind }) {
  const pet = useSuspenseQuery(petQueryOptions(petUuid)).data.petProfile;
  const list = useQuery(petClinicalDocumentsQueryOptions(petUuid, kind));
  const texts = kindTexts[kind];
  const documents = list.data?.clinicalDocuments;

  return (
    <Stack gap="lg" maw={1100}>
      <ListPageHeader
        title={texts.plural}
        description={DESCRIPTIONS[kind](pet.name)}
        actions={<NewDocumentButton petUuid={petUuid} kind={kind} />}
      />
      {list.isError ? (
        <Alert color="red" variant="light" title={`Could not load the ${texts.plural.toLowerCase()}`}>
          {errorMessage(list.error)}
        </Alert>
      ) : documents === undefined ? (
        <Stack gap="xs" aria-busy="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={44} />
          ))}
        </Stack>
      ) : documents.length === 0 ? (
        <Paper withBorder p="lg">
          <EmptyState
            py={48}
            icon={<IconStethoscope size={28} stroke={1.5} />}
            withIndicatorBackground
            title={`No ${texts.plural.toLowerCase()} yet`}
            description={`Nothing has been written about ${pet.name} here yet.`}
            data-testid="documents-empty"
          />
        </Paper>
      ) : (
        <Paper withBorder>
          <TableScroll label={texts.plural} minWidth={720}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="documents-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Version</Table.Th>
                  <Table.Th>Signed</Table.Th>
                  <Table.Th>Last change</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {documents.map((document) => (
                  <Table.Tr key={document.uuid} data-testid="document-row" data-status={document.status}>
                    <Table.Td>
                      <DocumentAnchor
                        kind={kind}
                        petUuid={petUuid}
                        docUuid={document.uuid}
                        fw={600}
                        size="sm"
                      >
                        {replacePetNamePlaceholders(document.title, pet.name)}
                      </DocumentAnchor>
                      {document.amendmentReason && (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          Amended: {document.amendmentReason}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <DocumentStatusBadge status={document.status} testId="row-status" />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">v{document.version}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {document.signedBy && document.signedAt
                          ? `${document.signedBy.name}, ${formatDateTime(document.signedAt)}`
                          : '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(document.updatedAt)}</Text>
                      {document.updatedBy && (
                        <Text size="xs" c="dimmed">
                          {document.updatedBy.name}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Paper>
      )}
    </Stack>
  );
}
