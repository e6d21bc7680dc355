import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBulkSelection } from './bulk-selection.tsx';

interface Row {
  id: string;
  status: 'new' | 'seen';
}

const options = { key: (row: Row) => row.id, selectable: (row: Row) => row.status === 'new' };
const page1: Row[] = [
  { id: 'a', status: 'new' },
  { id: 'b', status: 'seen' },
  { id: 'c', status: 'new' },
];

function render(rows: Row[], resetOn: unknown) {
  return renderHook(
    (props: { rows: Row[]; resetOn: unknown }) => useBulkSelection(props.rows, { ...options, ...props }),
    {
      initialProps: { rows, resetOn },
    },
  );
}

describe('useBulkSelection', () => {
  it('selects only the selectable rows on screen, one by one or the whole page', () => {
    const { result } = render(page1, { page: 1 });
    expect(result.current.selectableIds).toEqual(['a', 'c']);
    act(() => result.current.toggle('c', true));
    expect(result.current.chosen).toEqual(['c']);
    act(() => result.current.selectPage(true));
    expect(result.current.chosen).toEqual(['a', 'c']);
    act(() => result.current.toggle('a', false));
    expect(result.current.chosen).toEqual(['c']);
  });

  it('acts only on what is still on screen and selectable', () => {
    const { result, rerender } = render(page1, { page: 1 });
    act(() => result.current.selectPage(true));
    rerender({ rows: [{ id: 'a', status: 'seen' }, ...page1.slice(1)], resetOn: { page: 1 } });
    expect(result.current.chosen).toEqual(['c']);
  });

  it('empties the selection when the list’s query changes (a filter, the page)', () => {
    const { result, rerender } = render(page1, { page: 1, status: undefined });
    act(() => result.current.selectPage(true));
    rerender({ rows: page1, resetOn: { page: 1, status: 'new' } });
    expect(result.current.chosen).toEqual([]);
    expect(result.current.selected.size).toBe(0);
    act(() => result.current.toggle('a', true));
    rerender({ rows: page1, resetOn: { page: 1, status: 'new' } });
    expect(result.current.chosen).toEqual(['a']);
  });
});
