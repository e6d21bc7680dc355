import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  countOf,
  FORM_SEND_MAX_PETS,
  type Form,
  type PetListQuery,
  type PetListRow,
  pluralForm,
  type Species,
} from '@vetboard/contract';
import { useRef, useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { ListSearchInput } from '@/components/lists/list-search-input.tsx';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import { errorMessage, HttpError } from '@/lib/api/api-errors.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { useSendToPetsMutation } from './checkup-pools.mutations.ts';
import {
  PET_PICKER_BULK_PAGE_SIZE,
  PET_PICKER_PAGE_SIZE,
  petPickerQueryOptions,
} from './checkup-pools.queries.ts';
import { PETS, sentSummary } from './send-summary.ts';

const speciesOptions = [
  { value: 'dog', label: 'Dogs' },
  { value: 'cat', label: 'Cats' },
];

/** A 400's reasons as the vet reads them: the API's message, then each field's. */
function refusal(error: unknown): string {
  const details = error instanceof HttpError ? (error.details ?? []).map((detail) => detail.message) : [];
  return [errorMessage(error), ...new Set(details)].join(' ');
}

function PetRows({
  rows,
  selected,
  toggle,
}: {
  rows: PetListRow[];
  selected: ReadonlyMap<string, string>;
  toggle: (pet: PetListRow, on: boolean) => void;
}) {
  const pageChecked = rows.length > 0 && rows.every((pet) => selected.has(pet.uuid));
  const pageSome = rows.some((pet) => selected.has(pet.uuid));
  return (
    <TableScroll label="Pets to send to" minWidth={320}>
      <Table verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select every pet on this page"
                checked={pageChecked}
                indeterminate={!pageChecked && pageSome}
                onChange={(event) => {
                  for (const pet of rows) toggle(pet, event.currentTarget.checked);
                }}
              />
            </Table.Th>
            <Table.Th>Pet</Table.Th>
            <Table.Th>Species</Table.Th>
            <Table.Th>Owner</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((pet) => (
            <Table.Tr key={pet.uuid}>
              <Table.Td>
                <Checkbox
                  aria-label={`Select ${pet.name}`}
                  checked={selected.has(pet.uuid)}
                  onChange={(event) => toggle(pet, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {pet.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{pet.species === 'cat' ? 'Cat' : 'Dog'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={pet.ownerName ? undefined : 'dimmed'}>
                  {pet.ownerName ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/**
 * The picker and its one confirmation. The selection outlives a change of filter or page, so a vet
 * can gather the cats named "Mi…" and then the dogs of one owner; it is the dialog's own, gone on Cancel.
 */
function SendToPetsDialog({ pool, onClose }: { pool: Form; onClose: () => void }) {
  const [search, setSearch] = useState<string | undefined>();
  const [species, setSpecies] = useState<Species | undefined>();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  const selectedNow = useRef(selected);
  selectedNow.current = selected;
  const [confirming, setConfirming] = useState(false);
  const [gathering, setGathering] = useState(false);
  const [gatherError, setGatherError] = useState<unknown>(null);
  const queryClient = useQueryClient();
  const send = useSendToPetsMutation(pool.uuid);

  const filters = { search, species, sort: 'name', order: 'asc' } as const;
  const query: PetListQuery = { ...filters, page, pageSize: PET_PICKER_PAGE_SIZE };
  const pets = useQuery({ ...petPickerQueryOptions(query), placeholderData: (previous) => previous });
  const matching = pets.data?.pagination.total ?? 0;
  const tooManyMatching = matching > FORM_SEND_MAX_PETS || (pets.data?.pagination.totalIsCapped ?? false);
  const count = selected.size;
  const overCap = count > FORM_SEND_MAX_PETS;

  const toggle = (pet: PetListRow, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(pet.uuid, pet.name);
      else next.delete(pet.uuid);
      return next;
    });

  const selectAllMatching = async () => {
    setGathering(true);
    setGatherError(null);
    try {
      const pages = Math.ceil(Math.min(matching, FORM_SEND_MAX_PETS) / PET_PICKER_BULK_PAGE_SIZE);
      const answers = await Promise.all(
        Array.from({ length: pages }, (_, index) =>
          queryClient.fetchQuery(
            petPickerQueryOptions({ ...filters, page: index + 1, pageSize: PET_PICKER_BULK_PAGE_SIZE }),
          ),
        ),
      );
      setSelected((current) => {
        const next = new Map(current);
        for (const pet of answers.flatMap((answer) => answer.pets)) next.set(pet.uuid, pet.name);
        return next;
      });
    } catch (error) {
      setGatherError(error);
    } finally {
      setGathering(false);
    }
  };

  const confirmSend = () =>
    mutateThen(send, [...selected.keys()], {
      onSuccess: (response) => {
        selectedNow.current = new Map();
        notifications.show({ color: 'teal', message: `“${pool.title}”: ${sentSummary(response)}` });
        onClose();
      },
      onError: () => setConfirming(false),
    });

  const countLabel = countOf(count, PETS);
  return (
    <Modal
      opened
      onClose={onClose}
      title={confirming ? `Send this checkup to ${countLabel}?` : `Send “${pool.title}” to pets`}
      size="xl"
      centered
    >
      <Editor name="pool-send-pets" what="this choice of pets" dirty={() => selectedNow.current.size > 0}>
        {confirming ? (
          <Stack gap="lg">
            <Text size="sm">
              {`Each owner gets “${pool.title}” (version ${pool.version}) in the app. Pets whose owner has not answered this pool’s last checkup yet are skipped.`}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirming(false)} disabled={send.isPending}>
                Back
              </Button>
              <Button onClick={confirmSend} loading={send.isPending} data-autofocus>
                {`Send to ${countLabel}`}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <ListSearchInput
                value={search}
                label="Search pets"
                placeholder="Pet name"
                onSearch={(value) => {
                  setSearch(value);
                  setPage(1);
                }}
              />
              <Select
                aria-label="Species"
                placeholder="All species"
                data={speciesOptions}
                value={species ?? null}
                clearable
                onChange={(value) => {
                  setSpecies(value === 'dog' || value === 'cat' ? value : undefined);
                  setPage(1);
                }}
                w={160}
                comboboxProps={{ withinPortal: true }}
              />
            </Group>
            {pets.isPending ? (
              <Skeleton height={240} />
            ) : pets.error ? (
              <Alert color="red" variant="light" title="Could not load the pets">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{errorMessage(pets.error)}</Text>
                  <Button size="compact-sm" variant="light" color="red" onClick={() => void pets.refetch()}>
                    Try again
                  </Button>
                </Stack>
              </Alert>
            ) : pets.data.pets.length === 0 ? (
              <Text size="sm" c="dimmed">
                No pet matches these filters.
              </Text>
            ) : (
              <Stack gap="xs">
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Text size="sm" c="dimmed" aria-live="polite">
                    {`${countOf(matching, PETS)} ${pluralForm(matching, { one: 'matches', other: 'match' })}`}
                  </Text>
                  {tooManyMatching ? (
                    <Text size="sm" c="dimmed">
                      {`Narrow the filters to ${FORM_SEND_MAX_PETS} pets or fewer to select them all.`}
                    </Text>
                  ) : (
                    <Button
                      size="compact-sm"
                      variant="light"
                      loading={gathering}
                      onClick={() => void selectAllMatching()}
                    >
                      {`Select all ${countOf(matching, { one: 'matching pet', other: 'matching pets' })}`}
                    </Button>
                  )}
                </Group>
                <div style={{ opacity: pets.isPlaceholderData ? 0.6 : 1 }}>
                  <PetRows rows={pets.data.pets} selected={selected} toggle={toggle} />
                </div>
                {pets.data.pagination.pageCount > 1 && (
                  <Pagination
                    size="sm"
                    total={pets.data.pagination.pageCount}
                    value={page}
                    onChange={setPage}
                    getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                  />
                )}
              </Stack>
            )}
            {gatherError !== null && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
                {errorMessage(gatherError)}
              </Alert>
            )}
            {overCap && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                {`At most ${FORM_SEND_MAX_PETS} pets at once: ${countOf(count, PETS)} are selected. Remove ${count - FORM_SEND_MAX_PETS} or send in parts.`}
              </Alert>
            )}
            {send.error && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                {refusal(send.error)}
              </Alert>
            )}
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Group gap="sm">
                <Text size="sm" fw={600} aria-live="polite">
                  {`${countLabel} selected`}
                </Text>
                {count > 0 && (
                  <Button size="compact-sm" variant="subtle" onClick={() => setSelected(new Map())}>
                    Clear selection
                  </Button>
                )}
              </Group>
              <Group gap="sm">
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button
                  leftSection={<IconSend size={16} />}
                  disabled={count === 0 || overCap}
                  onClick={() => setConfirming(true)}
                >
                  {count === 0 ? 'Send' : `Send to ${countLabel}`}
                </Button>
              </Group>
            </Group>
          </Stack>
        )}
      </Editor>
    </Modal>
  );
}

/** "Send to pets…" on a pool's page: the pool's current version to many owners at once. */
export function SendToPetsButton({ pool }: { pool: Form }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconSend size={16} />} onClick={() => setOpened(true)}>
        Send to pets…
      </Button>
      {opened && <SendToPetsDialog pool={pool} onClose={() => setOpened(false)} />}
    </>
  );
}
