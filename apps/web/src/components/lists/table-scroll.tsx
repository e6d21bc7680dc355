import { Table, type TableScrollContainerProps } from '@mantine/core';
import classes from './lists.module.css';

/**
 * A table that may scroll sideways on a narrow screen. The scroll box is a named, focusable region
 * (WCAG 2.1.1): a keyboard user tabs to it and scrolls with the arrow keys, a screen reader announces
 * which table it holds.
 */
export function TableScroll({
  label,
  ...props
}: Omit<TableScrollContainerProps, 'type' | 'className'> & { label: string }) {
  // Native scrolling, so the focusable region is the element that scrolls (not a ScrollArea inside it).
  // The scroll box is the containing block of what is absolutely positioned inside (a visually hidden
  // header): otherwise that escapes it and makes the whole page scroll sideways on a phone.
  return (
    <Table.ScrollContainer
      {...props}
      className={classes.tableScroll}
      pos="relative"
      type="native"
      tabIndex={0}
      role="region"
      aria-label={label}
    />
  );
}
