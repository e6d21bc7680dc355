import { expect, type Page } from '@playwright/test';

/**
 * Opens `path` inside the running app, as a link would: a history entry the router follows (its
 * history patches `pushState`), without reloading the document. A full `page.goto` downloads and
 * compiles every script again (each test's browser context has its own cache), which is most of the
 * cost of a screen in this suite; use it only where a reload is what is tested. Returns once the
 * router has loaded the new page (the shell's main region, #main-content, is no longer `aria-busy`).
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(async (to) => {
    const state = (window.history.state ?? {}) as Record<string, unknown>;
    const index = typeof state.__TSR_index === 'number' ? state.__TSR_index + 1 : 1;
    const key = Math.random().toString(36).slice(2, 10);
    window.history.pushState({ key, __TSR_key: key, __TSR_index: index }, '', to);
    // Two frames: the router has started loading and the shell has rendered its busy state.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, path);
  const pathname = new URL(path, 'http://app').pathname;
  await expect(page).toHaveURL((url) => url.pathname === pathname);
  // As long as a page load may take (the router waits for the page's data before showing it).
  await expect(page.locator('#main-content').last()).not.toHaveAttribute('aria-busy', 'true', {
    timeout: 30_000,
  });
}
