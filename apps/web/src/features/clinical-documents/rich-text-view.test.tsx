import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { RichText } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import { RichTextView } from './rich-text-view.tsx';

function draw(doc: RichText) {
  return render(
    <MantineProvider>
      <RichTextView doc={doc} petName="Luna" />
    </MantineProvider>,
  );
}

describe('RichTextView', () => {
  it('draws headings, lists, bold, italic and links as elements, with the pet’s name', () => {
    const { container } = draw({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Plan for {{PET_NAME}}' }] },
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [
                {
                  type: 'paragraph',
                  content: [
                    { type: 'text', text: 'Pimobendan', marks: [{ type: 'bold' }] },
                    { type: 'text', text: ' for {{pet_name}}', marks: [{ type: 'italic' }] },
                  ],
                },
              ],
            },
          ],
        },
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'guidelines',
              marks: [{ type: 'link', attrs: { href: 'https://acvim.org' } }],
            },
          ],
        },
      ],
    });
    expect(screen.getByRole('heading', { name: 'Plan for Luna' })).toBeTruthy();
    expect(container.querySelector('li strong')?.textContent).toBe('Pimobendan');
    expect(container.querySelector('li em')?.textContent).toBe(' for Luna');
    const link = screen.getByRole('link', { name: 'guidelines' });
    expect(link.getAttribute('href')).toBe('https://acvim.org');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('never turns text into markup, and draws no link to a scheme that can run script', () => {
    const { container } = draw({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: '<img src=x onerror=alert(1)>' },
            // Past the contract's check (an old row, a bug): still drawn as plain text.
            {
              type: 'text',
              text: 'click',
              marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
            },
          ],
        },
      ],
    });
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.innerHTML).not.toContain('javascript:');
  });
});
