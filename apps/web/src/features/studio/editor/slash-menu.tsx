import type { Editor } from '@tiptap/core';
import { useEffect, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import type { SlashMenuStore } from './extensions/slash-command';

/** The '/' menu: a listbox under the cursor; the editor keeps focus and points at the active option. */
export function SlashMenu({
  store,
  listId,
  host,
  editor,
}: {
  store: SlashMenuStore;
  listId: string;
  host: HTMLElement | null;
  editor: Editor;
}) {
  const intl = useIntl();
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  const active = state?.items[state.active];
  useEffect(() => {
    // (jsdom has no scrollIntoView.)
    if (active)
      document.getElementById(`${listId}-${active.id}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [listId, active]);
  useEffect(() => {
    const dom = editor.view.dom;
    if (active) {
      dom.setAttribute('aria-controls', listId);
      dom.setAttribute('aria-activedescendant', `${listId}-${active.id}`);
    } else {
      dom.removeAttribute('aria-controls');
      dom.removeAttribute('aria-activedescendant');
    }
  }, [editor, listId, active]);
  if (!state) return null;
  const box = host?.getBoundingClientRect();
  const rect = state.rect;
  const left = rect && box ? Math.max(0, Math.min(rect.left - box.left, box.width - 280)) : 0;
  // Under the line, or above it when the window has no room below (20rem tall at most).
  const roomBelow = rect ? window.innerHeight - rect.bottom : Infinity;
  const isAbove = rect !== null && roomBelow < 330 && rect.top > roomBelow;
  const place =
    rect && box
      ? isAbove
        ? { bottom: box.bottom - rect.top + 4, left }
        : { top: rect.bottom - box.top + 4, left }
      : { top: 0, left };
  return (
    <div className="studio-slash" style={place}>
      {state.items.length === 0 ? (
        <p className="studio-slash__none">
          {intl.formatMessage({ id: 'studio.editor.slash.none' })}
        </p>
      ) : (
        <ul
          id={listId}
          role="listbox"
          aria-label={intl.formatMessage({ id: 'studio.editor.slash.label' })}
        >
          {state.items.map((item, index) => (
            <li
              key={item.id}
              id={`${listId}-${item.id}`}
              role="option"
              aria-selected={index === state.active}
              className={`studio-slash__item studio-slash__item--${item.group}${index === state.active ? ' is-active' : ''}`}
              onMouseDown={(event) => {
                event.preventDefault();
                state.run(item);
              }}
            >
              {item.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
