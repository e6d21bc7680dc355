import { Button, EmptyState } from '@mantine/core';
import { IconFilterOff, IconMoodEmpty } from '@tabler/icons-react';

/**
 * What an empty list says: with filters set, that nothing matches and a way to clear them; past the
 * last page (an old link), a way back to the first; otherwise that there is nothing yet.
 */
export function ListEmptyState({
  noun,
  filtered,
  onClearFilters,
  pastTheEnd,
  onFirstPage,
}: {
  /** Plural, lower case: "users". */
  noun: string;
  filtered: boolean;
  onClearFilters: () => void;
  pastTheEnd?: boolean;
  onFirstPage?: () => void;
}) {
  if (pastTheEnd && onFirstPage) {
    return (
      <EmptyState
        py={48}
        px="md"
        icon={<IconMoodEmpty size={28} stroke={1.5} />}
        withIndicatorBackground
        title="This page is past the end of the list"
        description={`There are fewer ${noun} than this page number needs.`}
        data-testid="list-empty"
      >
        <EmptyState.Actions>
          <Button variant="light" onClick={onFirstPage}>
            Go to the first page
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      py={48}
      px="md"
      icon={filtered ? <IconFilterOff size={28} stroke={1.5} /> : <IconMoodEmpty size={28} stroke={1.5} />}
      withIndicatorBackground
      title={filtered ? `No ${noun} match these filters` : `No ${noun} yet`}
      description={filtered ? 'Try another search, or clear the filters to see everything.' : undefined}
      data-testid="list-empty"
    >
      {filtered && (
        <EmptyState.Actions>
          <Button variant="light" leftSection={<IconFilterOff size={16} />} onClick={onClearFilters}>
            Clear filters
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}
