import { setTimeout as delay } from 'node:timers/promises';
import type { Page, Route } from '@playwright/test';

/**
 * How long a change's answer is held at most. The page's event stream may not be open yet when the
 * change is made (a page loaded a moment before, on a loaded machine): then no live re-read comes and
 * the answer must go through in its natural order rather than wait for the test's timeout.
 */
const LONGEST_HOLD_MS = 5_000;

/**
 * A change's live update (server-sent events) often reaches the page before the change's own answer,
 * and the page re-reads what changed first. This forces that order: the answers to the changes (any
 * method but `GET`) to `changePath` are held until a `GET` of `readPath` whose JSON body passes
 * `reread` has landed. Call the returned function once the change is done, to stop holding: it waits
 * for the answers still held to be delivered first (the page may show the re-read before it gets the
 * answer, and a route removed under a held answer would send the change to the server a second time).
 * An answer is held for LONGEST_HOLD_MS at most.
 */
export async function answerAfterLiveReread(
  page: Page,
  {
    changePath,
    readPath,
    reread,
  }: { changePath: string; readPath: string; reread: (body: unknown) => boolean },
): Promise<() => Promise<void>> {
  const landed = page
    .waitForResponse(
      async (response) =>
        response.request().method() === 'GET' &&
        new URL(response.url()).pathname === readPath &&
        reread(await response.json()),
      { timeout: 0 },
    )
    // Closing the page ends the wait of a re-read that never came; the hold's own limit has answered.
    .catch(() => undefined);
  const held = new Set<Promise<void>>();
  const hold = async (route: Route) => {
    const response = await route.fetch();
    await Promise.race([landed, delay(LONGEST_HOLD_MS)]);
    await route.fulfill({ response });
  };
  const pattern = `**${changePath}`;
  const handler = (route: Route) => {
    // A read of the same address is not the change: it goes through (it may be the re-read itself).
    if (route.request().method() === 'GET') return route.continue();
    const holding = hold(route);
    held.add(holding);
    return holding.finally(() => held.delete(holding));
  };
  await page.route(pattern, handler);
  return async () => {
    await Promise.all(held);
    await page.unroute(pattern, handler);
  };
}
