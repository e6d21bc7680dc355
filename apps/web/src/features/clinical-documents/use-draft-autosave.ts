import type { ClinicalDocumentResponse, ClinicalDocumentUpdate } from '@vetboard/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { saveClinicalDocument } from './clinical-documents.mutations.ts';

export type AutosaveState = 'saved' | 'pending' | 'saving' | 'error';

const DEBOUNCE_MS = 800;
const localKey = (uuid: string) => `vetboard:clinical-draft:${uuid}`;

interface LocalDraft {
  body: ClinicalDocumentUpdate;
  /** The server's `updatedAt` the edits started from: a draft changed elsewhere since is not restored. */
  base: number;
}

function readLocalDraft(uuid: string): LocalDraft | undefined {
  try {
    const raw = window.localStorage.getItem(localKey(uuid));
    return raw ? (JSON.parse(raw) as LocalDraft) : undefined;
  } catch {
    return undefined;
  }
}

function writeLocalDraft(uuid: string, draft: LocalDraft | undefined): void {
  try {
    if (draft) window.localStorage.setItem(localKey(uuid), JSON.stringify(draft));
    else window.localStorage.removeItem(localKey(uuid));
  } catch {
    // Private mode or a full storage: the debounced save still runs.
  }
}

/**
 * The draft editor's autosave: each change is kept in this browser at once and sent (PUT) after a
 * pause; hiding or closing the tab sends it straight away (`keepalive`), and edits a closed tab could not
 * send are restored from this browser the next time the draft opens, if nobody changed it since.
 */
export function useDraftAutosave(
  uuid: string,
  server: ClinicalDocumentUpdate,
  serverUpdatedAt: number,
  onSaved: (response: ClinicalDocumentResponse) => void,
) {
  const [initial] = useState(() => {
    const local = readLocalDraft(uuid);
    const restored =
      local && local.base === serverUpdatedAt && JSON.stringify(local.body) !== JSON.stringify(server);
    if (local && !restored) writeLocalDraft(uuid, undefined);
    return { body: restored ? local.body : server, restored: Boolean(restored) };
  });
  const [state, setState] = useState<AutosaveState>(initial.restored ? 'pending' : 'saved');
  const [error, setError] = useState<unknown>(null);
  const latest = useRef(initial.body);
  const saved = useRef(JSON.stringify(server));
  const base = useRef(serverUpdatedAt);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inflight = useRef<Promise<void> | null>(null);
  const discarded = useRef(false);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  const flush = useCallback(
    /** Sends what is not saved yet; true once the server has exactly what is on screen. */
    async (keepalive = false): Promise<boolean> => {
      clearTimeout(timer.current);
      // The draft is being deleted: nothing more is sent for it (a save after the delete would 404).
      if (discarded.current) return true;
      if (inflight.current && !keepalive) {
        await inflight.current;
      }
      const body = latest.current;
      const json = JSON.stringify(body);
      if (json === saved.current) {
        setState('saved');
        return true;
      }
      setState('saving');
      let ok = false;
      const request = saveClinicalDocument(uuid, body, { keepalive }).then(
        (response) => {
          ok = true;
          saved.current = json;
          base.current = response.clinicalDocument.updatedAt.seconds;
          const upToDate = JSON.stringify(latest.current) === json;
          if (upToDate) writeLocalDraft(uuid, undefined);
          else writeLocalDraft(uuid, { body: latest.current, base: base.current });
          setError(null);
          setState(upToDate ? 'saved' : 'pending');
          if (!upToDate) timer.current = setTimeout(() => void flush(), DEBOUNCE_MS);
          onSavedRef.current(response);
        },
        (reason: unknown) => {
          setError(reason);
          setState('error');
        },
      );
      inflight.current = request;
      await request;
      if (inflight.current === request) inflight.current = null;
      return ok && JSON.stringify(latest.current) === json;
    },
    [uuid],
  );

  const change = useCallback(
    (body: ClinicalDocumentUpdate) => {
      latest.current = body;
      writeLocalDraft(uuid, { body, base: base.current });
      setState('pending');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DEBOUNCE_MS);
    },
    [uuid, flush],
  );

  useEffect(() => {
    if (initial.restored) timer.current = setTimeout(() => void flush(), DEBOUNCE_MS);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void flush(true);
    };
    const onPageHide = () => void flush(true);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the page inside the app: what is not sent yet goes now.
      void flush();
    };
  }, [flush, initial.restored]);

  /**
   * Stops saving before the draft is deleted (waiting for a save under way) and forgets this browser's
   * copy; `keep` undoes it when the delete is refused.
   */
  const discard = useCallback(async () => {
    clearTimeout(timer.current);
    discarded.current = true;
    if (inflight.current) await inflight.current;
    return {
      forget: () => writeLocalDraft(uuid, undefined),
      keep: () => {
        discarded.current = false;
      },
    };
  }, [uuid]);

  return { initial: initial.body, restored: initial.restored, state, error, change, flush, discard };
}
