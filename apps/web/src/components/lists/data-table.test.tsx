import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '@/lib/api/api-errors.ts';
import { DataTable, type DataTableColumn } from './data-table.tsx';
import { ListPagination } from './list-pagination.tsx';
import type { ListSort } from './list-search.ts';
import { ListSearchInput, SEARCH_DEBOUNCE_MS } from './list-search-input.tsx';

interface Row {
  id: string;
  name: string;
  created: string;
}
type SortField = 'name' | 'created';

const columns: DataTableColumn<Row, SortField>[] = [
  {
    key: 'name',
    header: 'Name',
    sortField: 'name',
    render: (row) => <a href={`/rows/${row.id}`}>{row.name}</a>,
  },
  {
    key: 'created',
    header: 'Created',
    sortField: 'created',
    firstOrder: 'desc',
    render: (row) => row.created,
  },
  { key: 'note', header: 'Note', render: () => 'n/a' },
];

const rows: Row[] = [
  { id: '1', name: 'Ada', created: '01/01/2026' },
  { id: '2', name: 'Bo', created: '02/01/2026' },
];

function wrap(node: ReactNode) {
  return render(<MantineProvider>{node}</MantineProvider>);
}

function table(props: Partial<Parameters<typeof DataTable<Row, SortField>>[0]> = {}) {
  const onSortChange = vi.fn<(sort: ListSort<SortField>) => void>();
  wrap(
    <DataTable<Row, SortField>
      label="Things"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      sort={{ sort: 'name', order: 'asc' }}
      onSortChange={onSortChange}
      empty={<p>Nothing here</p>}
      {...props}
    />,
  );
  return { onSortChange };
}

describe('DataTable', () => {
  it('marks the sorted column with aria-sort and the other sortable ones with none', () => {
    table();
    const headers = screen.getAllByRole('columnheader');
    expect(headers[0]).toHaveAttribute('aria-sort', 'ascending');
    expect(headers[1]).toHaveAttribute('aria-sort', 'none');
    expect(headers[2]).not.toHaveAttribute('aria-sort');
  });

  it('flips the order on the sorted column, and sorts a new column in its first order', () => {
    const { onSortChange } = table({ sort: { sort: 'name', order: 'asc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ sort: 'name', order: 'desc' });
    fireEvent.click(screen.getByRole('button', { name: 'Created' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ sort: 'created', order: 'desc' });
  });

  it('says descending when sorted that way', () => {
    table({ sort: { sort: 'created', order: 'desc' } });
    expect(screen.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('opens a row on a click anywhere in it, but leaves clicks on its link to the link', () => {
    const opened = vi.fn();
    table({ rowAction: (row) => () => opened(row.id) });
    const [, first] = screen.getAllByRole('row');
    fireEvent.click(within(first as HTMLElement).getByText('01/01/2026'));
    expect(opened).toHaveBeenCalledWith('1');
    const link = screen.getByRole('link', { name: 'Bo' });
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('shows skeleton rows while the first page loads', () => {
    table({ rows: undefined, skeletonRows: 4 });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(4);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  });

  it('shows the empty state in place of the rows', () => {
    table({ rows: [] });
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
  });

  it('shows an error with the server text and a retry', () => {
    const onRetry = vi.fn();
    table({ rows: undefined, error: new HttpError(500, 'Database unavailable', 'internal'), onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });
});

describe('ListPagination', () => {
  it('summarises the rows shown and moves between pages', () => {
    const onPageChange = vi.fn();
    wrap(
      <ListPagination
        page={2}
        pageSize={25}
        total={2034}
        pageCount={82}
        onPageChange={onPageChange}
        onPageSizeChange={vi.fn()}
      />,
    );
    expect(screen.getByTestId('list-summary')).toHaveTextContent('26–50 of 2,034');
    expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});

describe('ListSearchInput', () => {
  it('writes the search once typing pauses, trimmed, and clears at once', () => {
    vi.useFakeTimers();
    try {
      const onSearch = vi.fn();
      wrap(<ListSearchInput value={undefined} onSearch={onSearch} placeholder="Search" />);
      const input = screen.getByRole('searchbox', { name: 'Search' });
      fireEvent.change(input, { target: { value: 'em' } });
      fireEvent.change(input, { target: { value: 'emma ' } });
      expect(onSearch).not.toHaveBeenCalled();
      act(() => {
        vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
      });
      expect(onSearch).toHaveBeenCalledTimes(1);
      // The first write of a round of typing is a new history entry; the next ones replace it.
      expect(onSearch).toHaveBeenLastCalledWith('emma', { replace: false });
      fireEvent.change(input, { target: { value: 'emma c' } });
      act(() => {
        vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
      });
      expect(onSearch).toHaveBeenLastCalledWith('emma c', { replace: true });
      fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
      expect(onSearch).toHaveBeenLastCalledWith(undefined, { replace: false });
      expect(input).toHaveValue('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a value that changed in the URL (back button, clear filters)', () => {
    const { rerender } = wrap(<ListSearchInput value="luna" onSearch={vi.fn()} placeholder="Search" />);
    expect(screen.getByRole('searchbox')).toHaveValue('luna');
    rerender(
      <MantineProvider>
        <ListSearchInput value={undefined} onSearch={vi.fn()} placeholder="Search" />
      </MantineProvider>,
    );
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });
});
