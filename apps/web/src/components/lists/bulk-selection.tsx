import { Button, Checkbox, Group, Text } from '@mantine/core';
import { type ReactNode, useCallback, useState } from 'react';
import { ConfirmModal } from '@/components/feedback/confirm-modal.tsx';
import type { DataTableColumn } from './data-table.tsx';

export interface BulkSelection {
  /** The ids on screen that may be selected (what "select the page" selects). */
  selectableIds: string[];
  /** The selected ids among those on screen: what a bulk action acts on. */
  chosen: string[];
  /** Everything ticked (use `chosen` to act): a dependency for memoised columns. */
  selected: ReadonlySet<string>;
  /** Stable across renders. */
  toggle: (id: string, on: boolean) => void;
  selectPage: (on: boolean) => void;
  clear: () => void;
}

/**
 * An inbox's row selection for a bulk action. Only rows on screen that `selectable` accepts count, and
 * the selection is emptied whenever `resetOn` changes (the list's query: filters, sort, page), so an
 * action never touches rows the vet no longer sees.
 */
export function useBulkSelection<Row>(
  rows: readonly Row[] | undefined,
  options: { key: (row: Row) => string; selectable: (row: Row) => boolean; resetOn: unknown },
): BulkSelection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const resetKey = JSON.stringify(options.resetOn);
  const [selectedFor, setSelectedFor] = useState(resetKey);
  if (selectedFor !== resetKey) {
    // Reset while rendering (React's pattern for state derived from a prop), not in an effect that
    // would first draw the stale selection.
    setSelectedFor(resetKey);
    setSelected(new Set());
  }
  const selectableIds = (rows ?? []).filter(options.selectable).map(options.key);
  const chosen = selectableIds.filter((id) => selected.has(id));
  const toggle = useCallback(
    (id: string, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  return {
    selectableIds,
    chosen,
    selected,
    toggle,
    selectPage: (on) => setSelected(new Set(on ? selectableIds : [])),
    clear: () => setSelected(new Set()),
  };
}

/**
 * The table's first column: a checkbox on each selectable row, named for screen readers by `label`.
 * Takes the selection's `selected` and `toggle`, so the page's columns are memoised on those two.
 */
export function selectionColumn<Row, TSort extends string>(
  { selected, toggle }: Pick<BulkSelection, 'selected' | 'toggle'>,
  options: { key: (row: Row) => string; selectable: (row: Row) => boolean; label: (row: Row) => string },
): DataTableColumn<Row, TSort> {
  return {
    key: 'select',
    header: 'Select',
    hideHeader: true,
    width: 40,
    render: (row) =>
      options.selectable(row) ? (
        <Checkbox
          aria-label={options.label(row)}
          checked={selected.has(options.key(row))}
          onChange={(event) => toggle(options.key(row), event.currentTarget.checked)}
        />
      ) : null,
  };
}

/**
 * The bulk action bar of an inbox's header: "select all … on this page", the action on the selection
 * (its label followed by the count) and, after it, whatever else the page offers (`children`).
 */
export function BulkActionBar({
  selection,
  selectPageLabel,
  actionLabel,
  actionIcon,
  actionVariant,
  onAction,
  pending,
  children,
}: {
  selection: BulkSelection;
  selectPageLabel: string;
  actionLabel: string;
  actionIcon: ReactNode;
  actionVariant?: 'filled' | 'default';
  onAction: (ids: string[]) => void;
  pending: boolean;
  children?: ReactNode;
}) {
  const { chosen, selectableIds } = selection;
  return (
    <Group gap="sm">
      <Checkbox
        label={selectPageLabel}
        checked={selectableIds.length > 0 && chosen.length === selectableIds.length}
        indeterminate={chosen.length > 0 && chosen.length < selectableIds.length}
        disabled={selectableIds.length === 0}
        onChange={(event) => selection.selectPage(event.currentTarget.checked)}
      />
      <Button
        variant={actionVariant}
        leftSection={actionIcon}
        onClick={() => onAction(chosen)}
        disabled={chosen.length === 0}
        loading={pending}
      >
        {actionLabel}
        {chosen.length > 0 ? ` (${chosen.length})` : ''}
      </Button>
      {children}
    </Group>
  );
}

/**
 * "… all N matching": the bulk action on every row the filters match, beyond the page, after a
 * confirmation that says how many. Above `max` (the API's cap) it is disabled and says to narrow the
 * filters; with nothing matching it is not shown.
 */
export function ActOnAllMatching({
  count,
  max,
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
}: {
  count: number | undefined;
  max: number;
  label: (count: number) => string;
  title: (count: number) => string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: (done: () => void) => void;
  pending: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  if (!count) return null;
  if (count > max)
    return (
      <Text size="xs" c="dimmed" maw={220} data-testid="act-on-all-matching">
        {count} match: narrow the filters to {max} or fewer to act on all of them at once.
      </Text>
    );
  return (
    <>
      <Button variant="default" onClick={() => setConfirming(true)} data-testid="act-on-all-matching">
        {label(count)}
      </Button>
      <ConfirmModal
        opened={confirming}
        title={title(count)}
        confirmLabel={confirmLabel}
        loading={pending}
        onConfirm={() => onConfirm(() => setConfirming(false))}
        onClose={() => setConfirming(false)}
      >
        {description}
      </ConfirmModal>
    </>
  );
}
