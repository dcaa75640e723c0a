import { Extension, type Editor, type Range } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import Suggestion, { findSuggestionMatch } from '@tiptap/suggestion';

/** One entry of the '/' menu. */
export interface SlashItem {
  id: string;
  label: string;
  group: 'text' | 'field' | 'block';
  keywords: string;
  run: (editor: Editor, range: Range) => void;
}

export interface SlashMenuState {
  items: SlashItem[];
  active: number;
  rect: DOMRect | null;
  run: (item: SlashItem) => void;
}

/** The open '/' menu, for React to draw (null when closed). */
export class SlashMenuStore {
  private state: SlashMenuState | null = null;
  private listeners = new Set<() => void>();
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  get = () => this.state;
  set(state: SlashMenuState | null) {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

export interface SlashCommandOptions {
  items: (query: string) => SlashItem[];
  store: SlashMenuStore;
}

const slashKey = new PluginKey('studioSlash');

/** '/' on an empty line opens a menu of blocks to insert; arrows choose, Enter inserts, Escape closes. */
export const SlashCommand = Extension.create<SlashCommandOptions>({
  name: 'studioSlash',
  addOptions() {
    return { items: () => [], store: new SlashMenuStore() };
  },
  addProseMirrorPlugins() {
    const { store, items } = this.options;
    return [
      Suggestion<SlashItem, SlashItem>({
        editor: this.editor,
        pluginKey: slashKey,
        char: '/',
        startOfLine: true,
        // Run on every transaction: TipTap's own makes three regular expressions each time. The
        // menu opens only in a paragraph that starts with '/' (see allow): anything else is no match.
        findSuggestionMatch: (config) =>
          config.$position.parent.textContent.startsWith('/') ? findSuggestionMatch(config) : null,
        allow: ({ state, range }) => {
          const $from = state.doc.resolve(range.from);
          // Only a paragraph that holds nothing but "/query".
          return (
            $from.parent.type.name === 'paragraph' &&
            $from.parent.textContent === state.doc.textBetween(range.from, range.to)
          );
        },
        items: ({ query }) => items(query),
        command: ({ editor, range, props }) => props.run(editor, range),
        render: () => {
          let current: SlashMenuState | null = null;
          const show = (props: {
            items: SlashItem[];
            clientRect?: (() => DOMRect | null) | null;
            command: (item: SlashItem) => void;
          }) => {
            current = {
              items: props.items,
              active: Math.min(current?.active ?? 0, Math.max(0, props.items.length - 1)),
              rect: props.clientRect?.() ?? null,
              run: props.command,
            };
            store.set(current);
          };
          return {
            onStart: (props) => {
              current = null;
              show(props);
            },
            onUpdate: show,
            onExit: () => {
              current = null;
              store.set(null);
            },
            onKeyDown: ({ event }) => {
              if (!current) return false;
              const count = current.items.length;
              if (event.key === 'Escape') {
                current = null;
                store.set(null);
                return true;
              }
              if (!count) return false;
              if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                const step = event.key === 'ArrowDown' ? 1 : -1;
                current = { ...current, active: (current.active + step + count) % count };
                store.set(current);
                return true;
              }
              if (event.key === 'Enter') {
                const item = current.items[current.active];
                if (item) current.run(item);
                return true;
              }
              return false;
            },
          };
        },
      }),
    ];
  },
});
