import { type BrowserContext, test as base, type Request } from '@playwright/test';

/**
 * The specs' `test`: Playwright's, with one change. A test's page opens in a browser context its worker
 * keeps from test to test (one per viewport), with cookies and the origin's storage wiped before each
 * test, instead of a brand-new context. A new context starts with an empty HTTP cache, so every test
 * downloaded and compiled the app's hundred-odd script chunks again: measured on Luna's page on a busy
 * 2-core machine, a cold load took 2.35 s (median) and a load in a kept context 1.27 s. The chunks are
 * content-hashed and immutable, and the API answers `no-store`, so what the cache keeps is never data.
 *
 * A spec that watches the network (which scripts load, how many requests a page makes) or intercepts
 * requests sets `test.use({ freshContext: true })`: cached chunks make no requests at all.
 *
 * `context` is the page's context, so `({ page, context })` keep meaning what they mean in Playwright.
 */
export const test = base.extend<{ freshContext: boolean }, { keptContexts: Map<string, BrowserContext> }>({
  freshContext: [false, { option: true }],

  keptContexts: [
    async ({ browser }, use) => {
      const contexts = new Map<string, BrowserContext>();
      await use(contexts);
      const kept = new Set(contexts.values());
      await Promise.all(
        browser
          .contexts()
          .filter((context) => kept.has(context))
          .map((context) => context.close().catch(() => {})),
      );
    },
    { scope: 'worker' },
  ],

  page: async ({ browser, baseURL, viewport, freshContext, keptContexts }, use, testInfo) => {
    const options = { baseURL, viewport };
    const key = JSON.stringify(viewport);
    let context = freshContext ? undefined : keptContexts.get(key);
    if (!context) {
      context = await browser.newContext(options);
      if (!freshContext) {
        const kept = context;
        keptContexts.set(key, kept);
        // A test may close its page's context (vet-rights does): the next test gets a new one.
        kept.on('close', () => {
          if (keptContexts.get(key) === kept) keptContexts.delete(key);
        });
      }
    } else {
      await context.clearCookies();
    }
    const page = await context.newPage();
    if (!freshContext && baseURL) {
      // The app keeps its logged-in flag in localStorage (SPEC §3): the last test's vet must not leak in.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Storage.clearDataForOrigin', {
        origin: new URL(baseURL).origin,
        storageTypes: 'local_storage,session_storage,indexeddb,service_workers,cache_storage',
      });
      await cdp.detach();
    }
    // A trace lists the requests that finished; a failed test also says which were still waiting for
    // an answer (a page stuck on a request shows nothing of it in its trace).
    const waiting = new Set<Request>();
    page.on('request', (request) => waiting.add(request));
    page.on('requestfinished', (request) => waiting.delete(request));
    page.on('requestfailed', (request) => waiting.delete(request));
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && waiting.size > 0) {
      const lines = [...waiting].map((request) => `${request.method()} ${request.url()}`);
      await testInfo.attach('requests without an answer', {
        body: lines.join('\n'),
        contentType: 'text/plain',
      });
    }
    if (freshContext) {
      await context.close().catch(() => {});
    } else {
      // Pages the test opened (popups, new tabs) go with it; the context and its cache stay.
      await Promise.all(context.pages().map((open) => open.close().catch(() => {})));
    }
  },

  context: async ({ page }, use) => {
    await use(page.context());
  },
});
