interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

export interface NavigatorLike {
  onLine?: boolean;
  connection?: NetworkInformationLike;
}

const SLOW_CONNECTIONS = new Set(['slow-2g', '2g']);

/** SPEC §9: link prefetch is skipped offline, on 2g or with data-saver, where it would only cost the vet. */
export function shouldPrefetch(nav: NavigatorLike): boolean {
  if (nav.onLine === false) return false;
  const connection = nav.connection;
  if (connection?.saveData) return false;
  return !SLOW_CONNECTIONS.has(connection?.effectiveType ?? '');
}

export function prefetchMode(nav: NavigatorLike): 'intent' | false {
  return shouldPrefetch(nav) ? 'intent' : false;
}

/** Calls `onChange` whenever the inputs of `shouldPrefetch` may have changed. */
export function watchPrefetchConditions(win: Window, onChange: () => void): () => void {
  const connection = (win.navigator as NavigatorLike).connection as
    | (EventTarget & NetworkInformationLike)
    | undefined;
  win.addEventListener('online', onChange);
  win.addEventListener('offline', onChange);
  connection?.addEventListener?.('change', onChange);
  return () => {
    win.removeEventListener('online', onChange);
    win.removeEventListener('offline', onChange);
    connection?.removeEventListener?.('change', onChange);
  };
}
