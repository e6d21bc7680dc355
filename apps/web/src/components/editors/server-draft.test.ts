import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { draftAfter, draftOf, overtaken, useServerDraft } from './server-draft.ts';

describe('a draft of a text the server also holds, as the server changes', () => {
  it('follows the server while untouched', () => {
    expect(draftAfter(draftOf('Old'), 'New')).toEqual({ base: 'New', text: 'New' });
  });

  it('stays the same object when the server has not changed', () => {
    const draft = { base: 'Old', text: 'Mine' };
    expect(draftAfter(draft, 'Old')).toBe(draft);
  });

  it('is in step again once the server holds what was typed, trimmed', () => {
    const after = draftAfter({ base: 'Old', text: 'Mine  \n' }, 'Mine');
    expect(after).toEqual({ base: 'Mine', text: 'Mine  \n' });
    expect(overtaken(after, 'Mine')).toBe(false);
  });

  it('keeps an edited draft when someone else saved another text, and says so', () => {
    const draft = { base: 'Old', text: 'Mine' };
    const after = draftAfter(draft, 'Theirs');
    expect(after).toBe(draft);
    expect(overtaken(after, 'Theirs')).toBe(true);
  });
});

describe('an editor’s draft of a saved text, across re-renders with what is saved', () => {
  it('follows while untouched, keeps what was typed and says when the saved text changed under it', () => {
    const { result, rerender } = renderHook(({ saved }) => useServerDraft(saved), {
      initialProps: { saved: 'Old' },
    });
    rerender({ saved: 'New' });
    expect(result.current).toMatchObject({ text: 'New', edited: false, overtaken: false });

    act(() => result.current.setText('Mine'));
    rerender({ saved: 'Theirs' });
    expect(result.current).toMatchObject({ text: 'Mine', edited: true, overtaken: true });

    act(() => result.current.takeSaved());
    expect(result.current).toMatchObject({ text: 'Theirs', edited: false, overtaken: false });
  });
});
