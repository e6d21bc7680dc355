import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import classes from './lists.module.css';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The list's search box. It keeps what is being typed to itself and writes it to the URL once the
 * typing pauses, so the list is not refetched per key; an outside change of the URL's value (back
 * button, 'Clear filters') replaces what the box shows. The first write of a round of typing adds a
 * history entry and the next ones replace it, so Back returns to the list as it was before the search,
 * not to each half-typed word.
 */
export function ListSearchInput({
  value,
  onSearch,
  placeholder,
  label = 'Search',
}: {
  value: string | undefined;
  onSearch: (value: string | undefined, options: { replace: boolean }) => void;
  placeholder: string;
  label?: string;
}) {
  const [text, setText] = useState(value ?? '');
  const written = useRef(value);
  const typing = useRef(false);

  useEffect(() => {
    if (value === written.current) return;
    written.current = value;
    setText(value ?? '');
  }, [value]);

  const write = (next: string) => {
    const term = next.trim() || undefined;
    if (term === written.current) return;
    written.current = term;
    onSearch(term, { replace: typing.current });
    typing.current = true;
  };
  const writeLater = useDebouncedCallback(write, SEARCH_DEBOUNCE_MS);

  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      className={classes.searchInput}
      leftSection={<IconSearch size={16} stroke={1.7} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        writeLater(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') writeLater.flush();
      }}
      onBlur={() => {
        writeLater.flush();
        typing.current = false;
      }}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              writeLater.cancel();
              typing.current = false;
              setText('');
              write('');
              typing.current = false;
            }}
          />
        ) : null
      }
      miw={0}
      style={{ flex: '1 1 260px', maxWidth: 420 }}
    />
  );
}
