import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { toTimestamp } from '@vetboard/contract';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AssigneeCell, hoursSince, InboxAge, SeverityBadge } from './inbox-cells.tsx';

const wrap = (node: ReactNode) => render(<MantineProvider>{node}</MantineProvider>);
const now = new Date('2026-03-10T12:00:00Z');
const ago = (minutes: number) => toTimestamp(new Date(now.getTime() - minutes * 60_000));

describe('inbox cells', () => {
  it('counts hours since the item arrived, never below zero', () => {
    expect(hoursSince(ago(90), now)).toBe(1.5);
    expect(hoursSince(ago(-5), now)).toBe(0);
  });

  it.each([
    [0, '0h'],
    [200, '03:20h'],
    [24 * 60, '24h'],
    [25 * 60, '+24h'],
  ])('shows an age of %i minutes as %s (SPEC §9 hours)', (minutes, text) => {
    wrap(<InboxAge since={ago(minutes)} now={now} />);
    expect(screen.getByTestId('inbox-age')).toHaveTextContent(text);
  });

  it('writes the day the wait started under an age the hours format caps, and only there', () => {
    const { unmount } = wrap(<InboxAge since={toTimestamp(new Date(2025, 11, 10, 9, 30))} now={now} />);
    expect(screen.getByTestId('inbox-age')).toHaveTextContent('+24h');
    expect(screen.getByTestId('inbox-age-start')).toHaveTextContent('since 10/12/2025');
    unmount();
    wrap(<InboxAge since={ago(23 * 60)} now={now} />);
    expect(screen.queryByTestId('inbox-age-start')).toBeNull();
  });

  it.each([
    ['an unclaimed card', false, 3, null],
    ['an unclaimed card', false, 5, 'amber'],
    ['an unclaimed card', false, 25, 'red'],
    ['a claimed card', true, 5, null],
    ['a claimed card', true, 25, null],
    ['an inbox item nobody claims', undefined, 5, null],
    ['an inbox item nobody claims', undefined, 25, 'red'],
  ] as const)(
    'turns the age of %s (acknowledged: %s) after %i hours: %s',
    (_what, acknowledged, hours, alarm) => {
      wrap(<InboxAge since={ago(hours * 60)} now={now} acknowledged={acknowledged} />);
      const age = screen.getByTestId('inbox-age');
      if (alarm) expect(age).toHaveAttribute('data-alarm', alarm);
      else expect(age).not.toHaveAttribute('data-alarm');
    },
  );

  it('names the severity and the assignee, or says nobody has it', () => {
    wrap(
      <>
        <SeverityBadge severity={3} />
        <AssigneeCell assignee={{ name: 'Helena Marsh' }} />
        <AssigneeCell assignee={null} />
      </>,
    );
    expect(screen.getByText('Severe').closest('[data-severity]')).toHaveAttribute('data-severity', '3');
    expect(screen.getByText('Helena Marsh')).toBeVisible();
    expect(screen.getByText('Unassigned')).toBeVisible();
  });
});
