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
  const top = state.rect && box ? state.rect.bottom - box.top + 4 : 0;
  const left = state.rect && box ? Math.max(0, Math.min(state.rect.left - box.left, box.width - 280)) : 0;
  return (
    <div className="studio-slash" style={{ top, left }}>
      {state.items.length === 0 ? (
        <p className="studio-slash__none">{intl.formatMessage({ id: 'studio.editor.slash.none' })}</p>
      ) : (
        <ul id={listId} role="listbox" aria-label={intl.formatMessage({ id: 'studio.editor.slash.label' })}>
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
