import type { ReactNode } from 'react';
import type { EditorName } from './editor-names.ts';
import { LeaveGuard } from './leave-guard.tsx';

/**
 * The frame every form and text editor sits in: it asks "Leave without saving?" before a link, back or
 * closing the tab drops what the vet typed, and marks its DOM (`data-editor`) so the browser check can
 * find every editor and prove it asks. A dialog's own Cancel is an explicit discard and closes without
 * asking; only leaving the page while dirty asks.
 *
 * The frame draws no box of its own (`display: contents`), so wrapping an editor changes no layout.
 */
export function Editor({
  name,
  what,
  dirty,
  dirtyOnUnload = dirty,
  children,
}: {
  name: EditorName;
  /** "this diet", "this comment", "Luna's checkup". */
  what: string;
  /**
   * Whether leaving would lose typed work. A function: it must read the editor's state when the vet
   * leaves, not when it last rendered (a save that navigates on success clears its flag just before).
   */
  dirty: () => boolean;
  /** Closing the tab; defaults to `dirty`. */
  dirtyOnUnload?: () => boolean;
  children: ReactNode;
}) {
  return (
    <div data-editor={name} style={{ display: 'contents' }}>
      <LeaveGuard blocks={dirty} blocksUnload={dirtyOnUnload} what={what} />
      {children}
    </div>
  );
}
