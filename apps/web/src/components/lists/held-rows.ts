import { useCallback, useMemo, useState } from 'react';

/** A row kept on screen after its list stopped returning it, at the place it had. */
interface Held<T> {
  row: T;
  index: number;
}

function merge<T>(rows: readonly T[], held: readonly Held<T>[]): readonly T[] {
  if (held.length === 0) return rows;
  const merged = [...rows];
  for (const { row, index } of [...held].sort((a, b) => a.index - b.index))
    merged.splice(Math.min(index, merged.length), 0, row);
  return merged;
}

/**
 * The rows to show when a list's page of `next` rows replaces `shown`: the fresh rows, and among the
 * rows shown before that the fresh page dropped, those `keep` says are being worked on, each at its
 * former place (ascending, so earlier ones keep theirs).
 */
export function keepRowsBeingEdited<T>(
  shown: readonly T[],
  next: readonly T[],
  keep: (key: string) => boolean,
  rowKey: (row: T) => string,
): Held<T>[] {
  const fresh = new Set(next.map(rowKey));
  const held: Held<T>[] = [];
  shown.forEach((row, index) => {
    const key = rowKey(row);
    if (!fresh.has(key) && keep(key)) held.push({ row, index });
  });
  return held;
}

export interface HeldRows<T> {
  /** The fresh rows with the held ones in their former places. */
  rows: readonly T[] | undefined;
  /** The row is on screen only because it is being edited: its list no longer returns it. */
  isHeld: (key: string) => boolean;
  /** A row's editor says whether it holds unsaved work (a draft typed and not yet saved). */
  setEditing: (key: string, editing: boolean) => void;
}

/**
 * Rows a vet is typing into stay on screen when a refetch drops them. A live update can move a row out
 * of the list's filter (a colleague writes the status of a pet listed under "Missing"): without this
 * the row, and the draft in it, would vanish under the vet's fingers. A held row leaves once its
 * editor has nothing unsaved (saved, cleared, or the colleague's text taken). Only refetches of the
 * same list hold rows: `source` names what the rows answer (the query's key; `null` while they are a
 * placeholder of another query), so a vet changing the filter or page sees exactly the new list.
 */
export function useHeldRows<T>(
  rows: readonly T[] | undefined,
  source: string | null,
  rowKey: (row: T) => string,
): HeldRows<T> {
  const [editing, setEditingKeys] = useState<ReadonlySet<string>>(() => new Set());
  const [seen, setSeen] = useState({ rows, source });
  const [held, setHeld] = useState<readonly Held<T>[]>([]);

  // Adjusted while rendering (React's pattern for state derived from a changed prop): the held rows
  // are decided in the same render as the rows that dropped them, so the draft's editor never unmounts.
  let current = held;
  if (rows !== seen.rows || source !== seen.source) {
    const sameList = source !== null && source === seen.source && seen.rows !== undefined;
    current =
      sameList && rows
        ? keepRowsBeingEdited(merge(seen.rows ?? [], held), rows, (key) => editing.has(key), rowKey)
        : [];
    setSeen({ rows, source });
    setHeld(current);
  }

  const setEditing = useCallback(
    (key: string, on: boolean) => {
      setEditingKeys((keys) => {
        if (keys.has(key) === on) return keys;
        const next = new Set(keys);
        if (on) next.add(key);
        else next.delete(key);
        return next;
      });
      if (!on)
        setHeld((list) =>
          list.some((h) => rowKey(h.row) === key) ? list.filter((h) => rowKey(h.row) !== key) : list,
        );
    },
    [rowKey],
  );

  const isHeld = useMemo(() => {
    const keys = new Set(current.map((h) => rowKey(h.row)));
    return (key: string) => keys.has(key);
  }, [current, rowKey]);
  return { rows: rows && merge(rows, current), isHeld, setEditing };
}
