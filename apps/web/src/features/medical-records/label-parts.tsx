import { Box, Group, Select } from '@mantine/core';
import { countOf, type LabelColor, labelColors } from '@vetboard/contract';
import { errorMessage, HttpError } from '@/lib/api/api-errors.ts';

export const COLOR_NAMES: Record<LabelColor, string> = {
  blue: 'Blue',
  cyan: 'Cyan',
  teal: 'Teal',
  green: 'Green',
  lime: 'Lime',
  yellow: 'Yellow',
  orange: 'Orange',
  red: 'Red',
  pink: 'Pink',
  grape: 'Grape',
  violet: 'Violet',
  indigo: 'Indigo',
  gray: 'Grey',
};

const COLOR_OPTIONS = labelColors.map((color) => ({ value: color, label: COLOR_NAMES[color] }));

/** The label's colour as a dot (its name is written beside it). */
export function Swatch({ color, size }: { color: LabelColor; size: number }) {
  return (
    <Box w={size} h={size} bg={`${color}.6`} style={{ borderRadius: '50%', flexShrink: 0 }} aria-hidden />
  );
}

export const records = (count: number) => countOf(count, { one: 'record', other: 'records' });

/** A rejected name (taken, empty) goes beside the field; anything else is the usual message. */
export function nameErrorOf(error: unknown): string {
  if (error instanceof HttpError) {
    const detail = error.details?.find((one) => one.path === 'name');
    if (detail) return detail.message;
  }
  return errorMessage(error);
}

export function ColorSelect({
  value,
  onChange,
}: {
  value: LabelColor;
  onChange: (color: LabelColor) => void;
}) {
  return (
    <Select
      label="Colour"
      data={COLOR_OPTIONS}
      value={value}
      onChange={(color) => color && onChange(color as LabelColor)}
      allowDeselect={false}
      leftSection={<Swatch color={value} size={14} />}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <Swatch color={option.value as LabelColor} size={14} />
          {option.label}
        </Group>
      )}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', xs: 160 }}
    />
  );
}
