import { Loader, Select, type SelectProps, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { User } from '@vetboard/contract';
import { useMemo, useState } from 'react';
import { userPickerQueryOptions } from './betas.queries.ts';

const MIN_SEARCH = 2;

interface UserOption {
  value: string;
  label: string;
  name: string;
  email: string;
}

const optionOf = (user: Pick<User, 'uuid' | 'name' | 'email'>): UserOption => ({
  value: user.uuid,
  label: `${user.name} (${user.email})`,
  name: user.name,
  email: user.email,
});

/**
 * Picks one of thousands of owners: what is typed is searched on the server (debounced), and the
 * chosen user stays an option while other searches come and go.
 */
export function UserPicker({
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable'> & {
  value?: string;
  onChange?: (uuid: string) => void;
}) {
  const [searchValue, setSearchValue] = useState('');
  const [chosen, setChosen] = useState<UserOption | null>(null);
  const [term] = useDebouncedValue(searchValue.trim(), 300);
  // Showing the chosen user's label in the box is not a new search.
  const searching = term.length >= MIN_SEARCH && term !== chosen?.label;
  const users = useQuery({
    ...userPickerQueryOptions(term),
    enabled: searching,
    placeholderData: keepPreviousData,
  });

  const data = useMemo(() => {
    const found = searching ? (users.data?.users ?? []).map(optionOf) : [];
    const keep = chosen && chosen.value === value && !found.some((o) => o.value === chosen.value);
    return keep ? [chosen, ...found] : found;
  }, [searching, users.data, chosen, value]);

  return (
    <Select
      {...props}
      searchable
      value={value || null}
      onChange={(uuid) => {
        setChosen(data.find((o) => o.value === uuid) ?? null);
        onChange?.(uuid ?? '');
      }}
      searchValue={searchValue}
      onSearchChange={setSearchValue}
      data={data}
      // The server already matched the search; filtering again here would hide e-mail matches.
      filter={({ options }) => options}
      leftSection={<IconSearch size={16} stroke={1.7} />}
      rightSection={users.isFetching ? <Loader size={16} /> : undefined}
      nothingFoundMessage={
        term.length < MIN_SEARCH
          ? 'Type at least 2 letters of a name or e-mail'
          : users.isFetching
            ? 'Searching…'
            : 'No user matches this search'
      }
      renderOption={({ option }) => {
        const user = data.find((o) => o.value === option.value);
        return (
          <Stack gap={0}>
            <Text size="sm">{user?.name ?? option.label}</Text>
            <Text size="xs" c="dimmed">
              {user?.email}
            </Text>
          </Stack>
        );
      }}
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}
