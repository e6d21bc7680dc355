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
