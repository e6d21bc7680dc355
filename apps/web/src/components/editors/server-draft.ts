import { useState } from 'react';

/** A vet's draft of a text the server also holds, and the server's text it was started from. */
export interface ServerDraft {
  base: string;
  text: string;
}

export const draftOf = (server: string): ServerDraft => ({ base: server, text: server });

/**
 * The draft once the server's text is `server` (a live update read it back). An untouched draft
 * follows the server; a draft whose text the server now holds (this vet's own save, read back, trimmed
 * as the server stores it) is in step again; any other edited draft is kept as typed (nothing a vet
 * typed is lost) with its old `base`, which tells the page that the saved text changed meanwhile.
 * Returns `draft` itself when nothing changes, so a render can compare.
 */
export function draftAfter(draft: ServerDraft, server: string): ServerDraft {
  if (server === draft.base) return draft;
  if (draft.text === draft.base) return draftOf(server);
  if (draft.text.trim() === server) return { base: server, text: draft.text };
  return draft;
}

/** Whether the server's text changed, elsewhere, under an edited draft. */
export const overtaken = (draft: ServerDraft, server: string) => draft.base !== server;

/** An editor's text kept as a draft of `saved` across live updates (see `draftAfter`). */
export interface ServerDraftState {
  text: string;
  setText: (text: string) => void;
  /** Back to what is saved: what the vet typed goes. */
  takeSaved: () => void;
  /** The vet has typed something other than what is saved. */
  edited: boolean;
  /** What is saved changed elsewhere under the vet's edits. */
  overtaken: boolean;
}

/** The one way an editor of a saved text keeps its draft (the weekly comment, an answer, a status…). */
export function useServerDraft(saved: string): ServerDraftState {
  const [kept, setDraft] = useState(() => draftOf(saved));
  // Adjusted while rendering, as React advises for state that follows a prop: no effect, no extra paint.
  const draft = draftAfter(kept, saved);
  if (draft !== kept) setDraft(draft);
  return {
    text: draft.text,
    setText: (text) => setDraft({ ...draft, text }),
    takeSaved: () => setDraft(draftOf(saved)),
    edited: draft.text.trim() !== draft.base,
    overtaken: overtaken(draft, saved),
  };
}
