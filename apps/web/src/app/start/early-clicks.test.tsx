import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReplayEarlyClicks, replayEarlyClicks, takeEarlyClicks } from './early-clicks';

/** A drawn control: a disclosure button whose state shows in its markup. */
function Disclosure({ name }: { name: string }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <button type="button" aria-expanded={isOpen} onClick={() => setOpen(!isOpen)}>
      {name}
    </button>
  );
}

function Page() {
  return (
    <div>
      <Disclosure name="Topics" />
      <Disclosure name="Menu" />
    </div>
  );
}

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLElement;

// React's act() flushes what it wraps here as in @testing-library's renders.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  window.__portalEarlyClicks = undefined;
});

describe('early clicks (issue 24, point 12)', () => {
  it('clicks again, once hydrated, what was clicked before; React answers clicks after that', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    // What the page's inline script keeps for a click before the code has come.
    window.__portalEarlyClicks = [button('Menu')];
    button('Menu').setAttribute('data-early-click', '');

    const clicks = takeEarlyClicks();
    expect(window.__portalEarlyClicks).toBeUndefined();
    await act(async () => {
      root = hydrateRoot(
        container,
        <>
          <Page />
          <ReplayEarlyClicks clicks={clicks} />
        </>,
      );
    });
    // The replay runs in a task of its own after the hydration's effects: wait for it.
    await act(() =>
      vi.waitFor(() => expect(button('Menu').getAttribute('aria-expanded')).toBe('true')),
    );
    expect(button('Topics').getAttribute('aria-expanded')).toBe('false');
    expect(button('Menu').hasAttribute('data-early-click')).toBe(false);
    // Replayed once only; a click now is React's own.
    act(() => button('Menu').click());
    expect(button('Menu').getAttribute('aria-expanded')).toBe('false');
  });

  it('leaves out a button no longer on the page or disabled, and replays the rest in order', () => {
    const order: string[] = [];
    const make = (name: string, disabled = false) => {
      const element = document.createElement('button');
      element.textContent = name;
      element.disabled = disabled;
      element.addEventListener('click', () => order.push(name));
      return element;
    };
    const gone = make('gone');
    const off = make('off', true);
    const fr = make('FR');
    const contact = make('Contact');
    document.body.append(off, fr, contact);
    replayEarlyClicks([contact, gone, off, fr]);
    expect(order).toEqual(['Contact', 'FR']);
  });

  it('finds nothing to replay where the page kept nothing', () => {
    expect(takeEarlyClicks()).toEqual([]);
  });
});
