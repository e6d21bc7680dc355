import { Select } from '@mantine/core';

/** One order an inbox offers: its search params and what the vet reads. */
export interface SortChoice<S extends string> {
  label: string;
  sort: S;
  order: 'asc' | 'desc';
}

/** An inbox's "Order" picker over its search params' `sort` and `order`. */
export function SortSelect<S extends string>({
  choices,
  sort,
  order,
  onChange,
}: {
  choices: ReadonlyArray<SortChoice<S>>;
  sort: S;
  order: 'asc' | 'desc';
  onChange: (choice: { sort: S; order: 'asc' | 'desc' }) => void;
}) {
  const keyOf = (choice: { sort: S; order: string }) => `${choice.sort}:${choice.order}`;
  return (
    <Select
      aria-label="Order"
      data={choices.map((choice) => ({ value: keyOf(choice), label: choice.label }))}
      value={keyOf({ sort, order })}
      onChange={(value) => {
        const choice = choices.find((candidate) => keyOf(candidate) === value);
        if (choice) onChange({ sort: choice.sort, order: choice.order });
      }}
      allowDeselect={false}
      w={{ base: '100%', xs: 220 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
