import { lazy, type ComponentType } from 'react';

export type LazyPage<P extends object> = ComponentType<P> & {
  /** Starts loading the page's code now (say, at app start), so it is ready when rendered. */
  preload: () => Promise<unknown>;
};

/**
 * A route's page, split into its own chunk and loaded when first needed (or preloaded). Once
 * its code has loaded it renders at once, without suspending: a page drawn on the server
 * hydrates in one pass when its code came first (main.tsx).
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let Loaded: ComponentType<P> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      Loaded = component;
      return { default: component };
    }));
  const Lazy = lazy(preload);
  function Page(props: P) {
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page, { preload });
}
