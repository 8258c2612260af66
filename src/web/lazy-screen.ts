import { createElement, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';

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
  const withAllStyles = async () => (await Promise.all([load(), import('./mantine-styles/all.ts')]))[0];
  return lazyFirstScreen(withAllStyles, name, props);
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
      const Screen: ComponentType<Props> = (await load())[name];
      return { element: createElement(Screen, props) };
    },
  };
}
