import { createElement, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ScreenNotLoaded } from './components/ScreenNotLoaded.tsx';

type ScreenModule<Props, Name extends string> = Record<Name, ComponentType<Props>>;

/**
 * A screen's route whose code is loaded when first visited, so that a worker's tablet downloads the
 * work screen and not every administrator screen with it. The router starts loading it as soon as
 * the address matches, beside the sign-in check, instead of after it. Mantine's whole stylesheet
 * comes with it (docs/DECISIONS.md, Performance).
 */
export function lazyScreen<Props extends object, Name extends string>(
  load: () => Promise<ScreenModule<Props, Name>>,
  name: Name,
  props?: Props,
): Pick<RouteObject, 'lazy'> {
  return lazyFirstScreen(withAllStyles(load), name, props);
}

/** A lazy screen's code as its route loads it: with Mantine's whole stylesheet. */
function withAllStyles<Module>(load: () => Promise<Module>): () => Promise<Module> {
  return async () => (await Promise.all([load(), import('./mantine-styles/all.ts')]))[0];
}

/** The longest code fetched ahead waits for an idle moment, and how long a browser without idle callbacks waits. */
const IDLE_WAIT_MS = 1_000;

/**
 * Fetches code the screen needs later (the checks, the screen 終了 leads to) while the worker fills
 * in the form, once the page is idle after the screen's first drawing: the checks fetched at once
 * came with their evaluation (zod) before that drawing and held up the screen's first paint on a
 * slow tablet. Fetching them after the screen has gone costs nothing; one that fails is fetched
 * again where it is needed.
 */
export function fetchWhenIdle(load: () => Promise<unknown>): void {
  const fetch = () => void load().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fetch, { timeout: IDLE_WAIT_MS });
  else setTimeout(fetch, IDLE_WAIT_MS);
}

/**
 * Fetches the files of a lazy screen (lazyScreen) before its route is taken, for a screen that may
 * be gone to once the network is lost: the route then finds its code in the page. A failure is left
 * for the route to meet.
 */
export async function fetchScreenAhead(load: () => Promise<unknown>): Promise<void> {
  await withAllStyles(load)();
}

/**
 * The work screen's route: lazy like any other, but its Mantine styles are among those the entry
 * carries (mantine-styles/first-screens.ts), so a tablet's first load has no whole stylesheet.
 */
export function lazyFirstScreen<Props extends object, Name extends string>(
  load: () => Promise<ScreenModule<Props, Name>>,
  name: Name,
  props?: Props,
): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const loaded = await load().then(
        (module) => ({ module }),
        (error: unknown) => ({ error }),
      );
      // The router keeps what this answers until the page is loaded again: a screen not fetched says
      // why (ScreenNotLoaded) instead of the router's English error page, and brings the page back.
      if ('error' in loaded) return { element: createElement(ScreenNotLoaded, { error: loaded.error }) };
      const Screen: ComponentType<Props> = loaded.module[name];
      return { element: createElement(Screen, props) };
    },
  };
}
