import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { chunkReloader, isChunkLoadError } from '../../lib/chunk-reload/chunk-reload.ts';
import { describeRouteError, NOT_FOUND_MESSAGE, NOT_FOUND_STATUS } from '../../lib/errors/route-error.ts';
import { PagePending } from '../feedback/page-pending.tsx';
import { ErrorPage } from './error-page.tsx';
import { ErrorPageBoundary } from './error-page-boundary.tsx';

function DescribedError({ error }: { error: unknown }) {
  const { status, message } = describeRouteError(error);
  return <ErrorPage status={status} message={message} />;
}

/** SPEC §8 "Route error", plus "Script chunk load failure": a stale chunk after a deploy reloads once instead. */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  const [reloading, setReloading] = useState(() => isChunkLoadError(error));

  useEffect(() => {
    setReloading(chunkReloader.reloadFor(error));
  }, [error]);

  if (reloading) return <PagePending />;
  return (
    <ErrorPageBoundary>
      <DescribedError error={error} />
    </ErrorPageBoundary>
  );
}

/** SPEC §8 "Unmatched route or failed page validate". */
export function NotFoundPage() {
  return (
    <ErrorPageBoundary>
      <ErrorPage status={NOT_FOUND_STATUS} message={NOT_FOUND_MESSAGE} />
    </ErrorPageBoundary>
  );
}
