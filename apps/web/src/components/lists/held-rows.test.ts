import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { keepRowsBeingEdited, useHeldRows } from './held-rows.ts';

interface Row {
  id: string;
  status: string | null;
}

const row = (id: string, status: string | null = null): Row => ({ id, status });
const key = (r: Row) => r.id;
const ids = (rows: readonly Row[] | undefined) => rows?.map((r) => r.id);

function render(rows: Row[], source: string | null = 'missing') {
  return renderHook(
    ({ rows, source }: { rows: Row[]; source: string | null }) => useHeldRows(rows, source, key),
    { initialProps: { rows, source } },
  );
}

describe('rows being edited stay when the list drops them', () => {
  it('keeps a dropped row the vet is typing in, at its place, and shows it is held', () => {
    const view = render([row('a'), row('b'), row('c')]);
    act(() => view.result.current.setEditing('b', true));
    // A colleague wrote b's status: the "missing" list no longer returns it.
    view.rerender({ rows: [row('a'), row('c'), row('d')], source: 'missing' });
    expect(ids(view.result.current.rows)).toEqual(['a', 'b', 'c', 'd']);
    expect(view.result.current.isHeld('b')).toBe(true);
    expect(view.result.current.isHeld('a')).toBe(false);
  });

  it('lets a dropped row go when nothing is being typed in it', () => {
    const view = render([row('a'), row('b'), row('c')]);
    act(() => view.result.current.setEditing('a', true));
    view.rerender({ rows: [row('a'), row('c')], source: 'missing' });
    expect(ids(view.result.current.rows)).toEqual(['a', 'c']);
  });

  it('lets the held row go once its draft is saved or dropped', () => {
    const view = render([row('a'), row('b')]);
    act(() => view.result.current.setEditing('b', true));
    view.rerender({ rows: [row('a')], source: 'missing' });
    expect(ids(view.result.current.rows)).toEqual(['a', 'b']);
    act(() => view.result.current.setEditing('b', false));
    expect(ids(view.result.current.rows)).toEqual(['a']);
    expect(view.result.current.isHeld('b')).toBe(false);
  });

  it('keeps holding across later refetches while the draft lasts, without a second copy when it returns', () => {
    const view = render([row('a'), row('b')]);
    act(() => view.result.current.setEditing('b', true));
    view.rerender({ rows: [row('a')], source: 'missing' });
    view.rerender({ rows: [row('a'), row('e')], source: 'missing' });
    expect(ids(view.result.current.rows)).toEqual(['a', 'b', 'e']);
    // The colleague deleted their status: the list returns b again, fresh.
    view.rerender({ rows: [row('a'), row('b', null), row('e')], source: 'missing' });
    expect(ids(view.result.current.rows)).toEqual(['a', 'b', 'e']);
    expect(view.result.current.isHeld('b')).toBe(false);
  });

  it('holds nothing when the vet changes what the list shows, nor across a placeholder', () => {
    const view = render([row('a'), row('b')]);
    act(() => view.result.current.setEditing('b', true));
    view.rerender({ rows: [row('x')], source: 'written' });
    expect(ids(view.result.current.rows)).toEqual(['x']);
    // The previous page shown while the next loads, then the next page.
    view.rerender({ rows: [row('x')], source: null });
    view.rerender({ rows: [row('y')], source: 'written&page=2' });
    expect(ids(view.result.current.rows)).toEqual(['y']);
  });
});

describe('keepRowsBeingEdited', () => {
  it('returns the dropped rows being edited with their former indexes', () => {
    const shown = [row('a'), row('b'), row('c'), row('d')];
    const held = keepRowsBeingEdited(shown, [row('a')], (k) => k !== 'c', key);
    expect(held.map((h) => [h.row.id, h.index])).toEqual([
      ['b', 1],
      ['d', 3],
    ]);
  });
});
