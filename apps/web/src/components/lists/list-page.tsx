import { Stack } from '@mantine/core';
import type { Pagination } from '@vetboard/contract';
import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { ListEmptyState } from './list-empty-state.tsx';
import { ListPageHeader } from './list-page-header.tsx';
import { ListPagination } from './list-pagination.tsx';
import { ListSearchInput } from './list-search-input.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import type { ListPageSearch, ListPageState } from './use-list-page.ts';

/** What the page shows of its list query (`useListQuery`): the rows come separately, by name. */
export interface ListPageQuery {
  data?: { pagination: Pagination } | undefined;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
}

type TableProps<T, TSort extends string> = Omit<
  DataTableProps<T, TSort>,
  'rows' | 'sort' | 'onSortChange' | 'refreshing' | 'error' | 'onRetry' | 'empty' | 'skeletonRows'
>;

/**
 * A whole list page: title, description and actions; the search box and the list's own filters; the
 * table with its loading, refreshing, error and empty states; and the pagination. `state` is the
 * page's `useListPage`, `query` its `useListQuery`.
 */
export function ListPage<T, S extends ListPageSearch>({
  state,
  query,
  rows,
  title,
  description,
  actions,
  searchLabel,
  searchPlaceholder,
  filters,
  noun,
  table,
}: {
  state: ListPageState<S>;
  query: ListPageQuery;
  rows: readonly T[] | undefined;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  searchLabel: string;
  searchPlaceholder: string;
  /** The list's own filter inputs, after the search box. */
  filters?: ReactNode;
  /** Plural, lower case, for the empty state: "vets". */
  noun: string;
  table: TableProps<T, S['sort']>;
}) {
  const { search } = state;
  const pagination = query.data?.pagination;
  return (
    <Stack gap="lg" maw={1400}>
      <ListPageHeader title={title} description={description} actions={actions} />
      <ListToolbar>
        <ListSearchInput
          value={search.search}
          onSearch={state.onSearch}
          placeholder={searchPlaceholder}
          label={searchLabel}
        />
        {filters}
      </ListToolbar>
      <DataTable
        {...table}
        rows={rows}
        sort={state.sort}
        onSortChange={state.onSortChange}
        refreshing={query.isPlaceholderData}
        error={query.error}
        onRetry={() => void query.refetch()}
        skeletonRows={Math.min(search.pageSize, 12)}
        empty={
          <ListEmptyState
            noun={noun}
            filtered={state.filtered}
            onClearFilters={state.clearFilters}
            pastTheEnd={Boolean(pagination?.total) && search.page > 1}
            onFirstPage={state.firstPage}
          />
        }
      />
      {pagination && (
        <ListPagination
          page={search.page}
          pageSize={search.pageSize}
          total={pagination.total}
          totalIsCapped={pagination.totalIsCapped}
          pageCount={pagination.pageCount}
          onPageChange={state.onPageChange}
          onPageSizeChange={state.onPageSizeChange}
        />
      )}
    </Stack>
  );
}
