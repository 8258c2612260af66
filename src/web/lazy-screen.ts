import { createElement, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * A screen's route whose code is loaded when first visited, so that a worker's tablet downloads the
 * work screen and not every administrator screen with it. The router starts loading it as soon as
 * the address matches, beside the sign-in check, instead of after it.
 */
export function lazyScreen<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
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
