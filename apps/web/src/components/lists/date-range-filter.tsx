import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';

/** The month arrows are icons only: screen readers need their names. */
const DATE_ARIA_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

/**
 * An inbox's "between two days" filter, on ISO days (`YYYY-MM-DD`) kept in the search params. A range is
 * applied once both ends are chosen, or when it is cleared: a half-chosen range stays in the picker
 * only, so the list does not reload on the first click.
 */
export function DateRangeFilter({
  label,
  from,
  to,
  onChange,
}: {
  /** "Sent between": the field's accessible name and its placeholder. */
  label: string;
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
}) {
  // The first day picked, until the second is: held here because the URL only takes whole ranges, and the
  // picker forgets a half range whenever the value it is given changes (an inbox re-renders often).
  const [halfRange, setHalfRange] = useState<[string | null, string | null] | null>(null);
  return (
    <DatePickerInput
      type="range"
      aria-label={label}
      placeholder={label}
      value={halfRange ?? [from ?? null, to ?? null]}
      onChange={([start, end]) => {
        if ((start && end) || (!start && !end)) {
          setHalfRange(null);
          onChange({ from: start ?? undefined, to: end ?? undefined });
        } else setHalfRange([start, end]);
      }}
      onDropdownClose={() => setHalfRange(null)}
      valueFormat="DD/MM/YYYY"
      leftSection={<IconCalendar size={16} aria-hidden />}
      clearable
      allowSingleDateInRange
      ariaLabels={DATE_ARIA_LABELS}
      // Mantine draws this placeholder as text, which must keep 4.5:1 like any other.
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      w={{ base: '100%', xs: 240 }}
      popoverProps={{ withinPortal: true }}
    />
  );
}
