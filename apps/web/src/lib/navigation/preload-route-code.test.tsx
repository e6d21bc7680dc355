import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePreloadRouteCode } from './preload-route-code.ts';

const page = () => <p>a page</p>;

function setUp(ready: boolean) {
  const downloads: string[] = [];
  const loaders = vi.fn();
  const lazyPage = (name: string) =>
    lazyRouteComponent(() => {
      downloads.push(name);
      return Promise.resolve({ default: page });
    });
  // Each constant, as the hook asks: a new array would start it again.
  const linked = ['/heart', '/weight'] as never;
  const Screen = () => {
    usePreloadRouteCode(linked, ready);
    return <p>the screen</p>;
  };
  const root = createRootRoute();
  const home = createRoute({ getParentRoute: () => root, path: '/', component: Screen });
  const heart = createRoute({
    getParentRoute: () => root,
    path: '/heart',
    loader: loaders,
    component: lazyPage('heart'),
  });
  const weight = createRoute({
    getParentRoute: () => root,
    path: '/weight',
    loader: loaders,
    component: lazyPage('weight'),
  });
  const other = createRoute({ getParentRoute: () => root, path: '/other', component: lazyPage('other') });
  const router = createRouter({
    routeTree: root.addChildren([home, heart, weight, other]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  return { downloads, loaders };
}

const idle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe('usePreloadRouteCode', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("downloads the linked pages' code once the screen is ready, without their data (no loader runs)", async () => {
    const { downloads, loaders } = setUp(true);
    await screen.findByText('the screen');
    await vi.waitFor(() => expect(downloads).toEqual(['heart', 'weight']));
    await idle();
    expect(downloads).toEqual(['heart', 'weight']);
    expect(loaders).not.toHaveBeenCalled();
  });

  it('waits for the screen to be ready', async () => {
    const { downloads } = setUp(false);
    await screen.findByText('the screen');
    await idle();
    expect(downloads).toEqual([]);
  });

  it('downloads nothing offline (SPEC §9: where link prefetch is skipped)', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const { downloads } = setUp(true);
    await screen.findByText('the screen');
    await idle();
    expect(downloads).toEqual([]);
  });
});
