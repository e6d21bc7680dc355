import { Alert, Avatar, Badge, Group, Loader, type MantineColor, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { IconPaw, IconSearch, IconStethoscope, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type SearchResult, type SearchResultType, searchQuerySchema } from '@vetboard/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api/api-errors.ts';
import { PetAlertBadges } from '../pets/pet-alert-badges.tsx';
import classes from './global-search.module.css';
import { searchQueryOptions } from './search.queries.ts';

const DEBOUNCE_MS = 150;

const [searchStore, searchSpotlight] = createSpotlight();

/** Opens the search; the header's launcher calls it once this module has loaded. */
export const openGlobalSearch = (): void => searchSpotlight.open();
const RESULTS_LIST_ID = 'global-search-results';

/**
 * Highlights the first result, as @mantine/spotlight does itself only right after a keystroke: our
 * results arrive later, from the server, and Enter opens whichever result is highlighted.
 */
function highlightFirstResult(): void {
  const list = document.getElementById(RESULTS_LIST_ID);
  if (!list) return;
  for (const element of list.querySelectorAll('[data-selected]')) element.removeAttribute('data-selected');
  list.querySelector('[data-action]')?.setAttribute('data-selected', 'true');
  searchStore.updateState((state) => ({ ...state, selected: 0 }));
}

const typeStyle: Record<SearchResultType, { label: string; color: MantineColor; Icon: typeof IconPaw }> = {
  pet: { label: 'Pet', color: 'teal', Icon: IconPaw },
  owner: { label: 'Owner', color: 'blue', Icon: IconUser },
  vet: { label: 'Vet', color: 'grape', Icon: IconStethoscope },
};

function ResultAction({
  result,
  disabled,
  onOpen,
}: {
  result: SearchResult;
  disabled: boolean;
  onOpen: (result: SearchResult) => void;
}) {
  const { label, color, Icon } = typeStyle[result.type];
  // Our own layout rather than label and description: a pet's alerts go under its subtitle, where a
  // phone has the width for them (beside the type badge, they squeezed both to a letter at 375 px).
  return (
    <Spotlight.Action
      disabled={disabled}
      style={disabled ? { opacity: 0.55 } : undefined}
      onClick={() => onOpen(result)}
      data-result-type={result.type}
    >
      <Group component="span" gap="md" wrap="nowrap" w="100%">
        <Avatar src={result.imageUrl} alt="" size={36} radius="100%" color={color}>
          <Icon size={18} stroke={1.7} />
        </Avatar>
        <span className={classes.body}>
          <span className={classes.title}>{result.title}</span>
          <span className={classes.subtitle}>{result.subtitle}</span>
          {result.alerts.length > 0 && (
            <span className={classes.alerts}>
              <PetAlertBadges alerts={result.alerts} petName={result.title} />
            </span>
          )}
        </span>
        <Badge component="span" variant="light" color={color} radius="sm" tt="none" className={classes.type}>
          {label}
        </Badge>
      </Group>
    </Spotlight.Action>
  );
}

/**
 * Global search (Ctrl/Cmd+K): pets, owners and vets from `/v1/search`, in the order the API ranks them.
 * Enter opens the first (or the highlighted) result; pressed before the answer to the latest keystroke
 * arrives, it waits for that answer rather than opening a result for an older query.
 */
export function GlobalSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const valid = searchQuerySchema.safeParse({ q: debounced }).success;
  const search = useQuery({ ...searchQueryOptions(debounced), enabled: valid });
  const enterPending = useRef(false);

  const typed = query.trim();
  const results = typed && search.data ? search.data.results : [];
  const stale = typed !== debounced || search.isPlaceholderData || (search.isFetching && !search.data);

  const open = useCallback(
    (result: SearchResult) => {
      enterPending.current = false;
      searchSpotlight.close();
      if (result.type === 'pet') void navigate({ to: '/pets/$uuid', params: { uuid: result.uuid } });
      else if (result.type === 'vet') void navigate({ to: '/vets/$uuid', params: { uuid: result.uuid } });
      else if (result.familyUuid)
        void navigate({ to: '/families/$uuid/pets', params: { uuid: result.familyUuid } });
    },
    [navigate],
  );

  const fresh = !stale && search.isSuccess ? search.data.results : null;
  useEffect(() => {
    if (!fresh) return;
    if (fresh.length === 0) {
      enterPending.current = false;
      return;
    }
    highlightFirstResult();
    if (enterPending.current) open(fresh[0] as SearchResult);
  }, [fresh, open]);

  return (
    <Spotlight.Root
      store={searchStore}
      query={query}
      onQueryChange={setQuery}
      // Mantine's 'mod' matches Ctrl and Cmd alike, on every platform.
      shortcut="mod + K"
      scrollable
      maxHeight={440}
      onSpotlightClose={() => {
        enterPending.current = false;
      }}
    >
      <Spotlight.Search
        placeholder="Search pets, owners and vets by name, e-mail or microchip"
        aria-label="Search pets, owners and vets"
        leftSection={<IconSearch size={18} stroke={1.7} />}
        rightSection={search.isFetching ? <Loader size="xs" aria-label="Searching" /> : undefined}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && stale && typed) enterPending.current = true;
        }}
      />
      {results.length > 0 && (
        <Spotlight.ActionsList id={RESULTS_LIST_ID} aria-label="Search results">
          {results.map((result) => (
            <ResultAction
              key={`${result.type}:${result.uuid}`}
              result={result}
              disabled={stale || (result.type === 'owner' && !result.familyUuid)}
              onOpen={open}
            />
          ))}
        </Spotlight.ActionsList>
      )}
      {!typed && (
        <Spotlight.Empty>
          <Text size="sm" c="dimmed">
            Type a name, an e-mail address or a microchip number.
          </Text>
        </Spotlight.Empty>
      )}
      {typed && search.isError && !stale && (
        <Alert color="red" variant="light" m="sm" title="Search failed" data-testid="search-error">
          {errorMessage(search.error)}
        </Alert>
      )}
      {typed && results.length === 0 && !search.isError && stale && (
        <Spotlight.Empty>
          <Group gap="xs" justify="center">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Searching…
            </Text>
          </Group>
        </Spotlight.Empty>
      )}
      {fresh && fresh.length === 0 && <Spotlight.Empty>Nothing found</Spotlight.Empty>}
    </Spotlight.Root>
  );
}
