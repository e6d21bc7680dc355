import { describe, expect, it } from 'vitest';
import { draftAfter, draftOf, overtaken } from './server-draft.ts';

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
