import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * One lazily loaded page: the route's module is fetched the first time the path matches, so every page is
 * its own chunk and the first page pays only for this object.
 */
export function lazyRoute<Module extends Record<Name, ComponentType>, Name extends keyof Module & string>(
  path: string,
  load: () => Promise<Module>,
  exportName: Name,
): RouteObject {
  return { path, lazy: () => load().then((module) => ({ Component: module[exportName] })) };
}
