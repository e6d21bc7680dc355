import { Group, Pagination, Select, Text, useMatches } from '@mantine/core';
import { PAGE_SIZES, rangeSummary } from './list-search.ts';

const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} / page` }));

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** "1–25 of 2,034", the page size, and the pages; the totals come from the server's `pagination`. */
export function ListPagination({
  page,
  pageSize,
  total,
  totalIsCapped = false,
  pageCount,
  onPageChange,
  onPageSizeChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** The server stopped counting at `total` ("10,000+"). */
  totalIsCapped?: boolean;
  pageCount: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}) {
  // On a phone, fewer page buttons so the row fits in 375 px.
  const siblings = useMatches({ base: 0, sm: 1 });
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" data-testid="list-pagination">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="list-summary">
        {rangeSummary({ page, pageSize, total, totalIsCapped })}
      </Text>
      <Group gap="sm" wrap="wrap">
        <Select
          aria-label="Rows per page"
          data={PAGE_SIZE_OPTIONS}
          value={String(pageSize)}
          onChange={(value) => value && onPageSizeChange(Number(value))}
          allowDeselect={false}
          size="xs"
          w={112}
          comboboxProps={{ withinPortal: true }}
        />
        <Pagination
          total={pageCount}
          value={Math.min(page, pageCount)}
          onChange={onPageChange}
          size="sm"
          siblings={siblings}
          boundaries={1}
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        />
      </Group>
    </Group>
  );
}
