import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the page's code now (say, at app start), so it is ready when rendered. */
  preload: () => Promise<unknown>;
};

/** A route's page, split into its own chunk and loaded when first needed (or preloaded). */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => (loading ??= load().then((component) => ({ default: component })));
  return Object.assign(lazy(preload), { preload });
}
