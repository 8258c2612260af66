import { lazy, type ComponentType } from 'react';

/**
 * A screen loaded when first visited, so that a worker's tablet downloads the work screen and not
 * every administrator screen with it.
 */
export function lazyPage<Props extends object, Name extends string>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}
