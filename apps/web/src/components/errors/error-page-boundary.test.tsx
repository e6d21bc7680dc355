import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPageBoundary } from './error-page-boundary.tsx';

function Broken(): never {
  throw new Error('the error page broke');
}

describe('ErrorPageBoundary', () => {
  it('shows its children while they render', () => {
    render(
      <MantineProvider>
        <ErrorPageBoundary>
          <p>404</p>
        </ErrorPageBoundary>
      </MantineProvider>,
    );
    expect(screen.getByText('404')).toBeInTheDocument();
  });

  it("falls back to SPEC §8's message and a plain link home when the error page itself fails", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MantineProvider>
        <ErrorPageBoundary>
          <Broken />
        </ErrorPageBoundary>
      </MantineProvider>,
    );
    expect(screen.getByText('An error occurred while showing the error page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back to home' })).toHaveAttribute('href', '/');
  });
});
