import { useEffect } from 'react';

/**
 * Clicks made on a page the server drew before its code had arrived (issue 24, point 12). The
 * page's inline script (apps/server/src/http/client-render-script.ts) keeps the buttons clicked
 * in `window.__portalEarlyClicks`, each once, in order, and asks for the app's code at once;
 * the app takes the list when it starts hydrating (from then on React answers clicks itself,
 * replaying those that come during hydration) and clicks them again once the page is its own,
 * so that a person who clicked FR, Topics, Contact or Menu gets what they clicked.
 */
declare global {
  interface Window {
    __portalEarlyClicks?: HTMLElement[] | undefined;
  }
}

/** The buttons clicked so far; the page's script keeps no more after this. */
export function takeEarlyClicks(): HTMLElement[] {
  const clicks = window.__portalEarlyClicks ?? [];
  window.__portalEarlyClicks = undefined;
  return clicks;
}

/**
 * Clicks again each button still on the page and still enabled (hydration keeps the nodes the
 * server drew), once; the mark the page's script put on it (its waiting look) goes first.
 */
export function replayEarlyClicks(clicks: HTMLElement[]): void {
  for (const button of clicks.splice(0)) {
    button.removeAttribute('data-early-click');
    if (button.isConnected && !button.matches(':disabled')) button.click();
  }
}

/**
 * Beside the app in the hydrated root: once the page is hydrated (its effects run after that
 * commit), in a task of its own, the early clicks are replayed. Renders nothing.
 */
export function ReplayEarlyClicks({ clicks }: { clicks: HTMLElement[] }) {
  useEffect(() => {
    if (clicks.length === 0) return;
    const timer = setTimeout(() => replayEarlyClicks(clicks), 0);
    return () => clearTimeout(timer);
  }, [clicks]);
  return null;
}
