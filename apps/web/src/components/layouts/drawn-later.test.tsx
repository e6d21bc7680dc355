import { render, screen } from '@testing-library/react';
import { type ReactNode, useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { DrawnLater } from './drawn-later.tsx';

/** What the document holds when each part's own commit lands (its layout effect runs in that commit). */
function Part({ name, log, children }: { name: string; log: string[]; children?: ReactNode }) {
  useLayoutEffect(() => {
    const drawn = ['header', 'vitals', 'cards'].filter((part) =>
      document.querySelector(`[data-part="${part}"]`),
    );
    log.push(`${name}: ${drawn.join(' ')}`);
  }, [name, log]);
  return <div data-part={name}>{children}</div>;
}

describe('DrawnLater', () => {
  it('commits the page header first, then each later part in a commit of its own, in order', () => {
    const log: string[] = [];
    render(
      <>
        <Part name="header" log={log} />
        <DrawnLater>
          <Part name="vitals" log={log} />
        </DrawnLater>
        <DrawnLater turns={2}>
          <Part name="cards" log={log} />
        </DrawnLater>
      </>,
    );

    // The header's commit holds the header alone; the vitals come one commit later, the cards after them.
    expect(log).toEqual(['header: header', 'vitals: header vitals', 'cards: header vitals cards']);
    expect(document.querySelector('[data-part="cards"]')).toBeInTheDocument();
  });

  it('ends with everything drawn, as if it were not there', () => {
    render(
      <DrawnLater turns={3}>
        <p>Weight</p>
      </DrawnLater>,
    );
    expect(screen.getByText('Weight')).toBeInTheDocument();
  });
});
