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
