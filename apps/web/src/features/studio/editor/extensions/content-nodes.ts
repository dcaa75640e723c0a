import { Mark, Node, mergeAttributes } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import type { Decoration, EditorView, NodeView, ViewMutationRecord } from '@tiptap/pm/view';
import type { EditorLabels } from './labels';
import { moveBlockAt, removeBlockAt } from './block-actions';

/** The page itself: its fragments, one top-level block each. */
export const PageDocument = Node.create({
  name: 'doc',
  topNode: true,
  content: 'pageBlock+',
});

export interface ContentBlockOptions {
  labels: EditorLabels;
}

/**
 * A content fragment: its HTML, one column per locale of the organisation (side by side). The
 * `fragment` attribute keeps the fragment as it came (id, show condition, other locales).
 */
export const ContentBlock = Node.create<ContentBlockOptions>({
  name: 'contentBlock',
  group: 'pageBlock',
  content: 'contentLocale+',
  isolating: true,
  draggable: true,
  addOptions() {
    return { labels: EMPTY_LABELS };
  },
  addAttributes() {
    return { fragment: { default: null, rendered: false } };
  },
  parseHTML() {
    return [{ tag: 'section[data-content-block]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['section', mergeAttributes(HTMLAttributes, { 'data-content-block': '' }), 0];
  },
  addNodeView() {
    const labels = this.options.labels;
    return ({ node, view, getPos }) => new ContentBlockView(node, view, getPos, labels);
  },
});

/** One locale's HTML of a content fragment. */
export const ContentLocale = Node.create<ContentBlockOptions>({
  name: 'contentLocale',
  content: 'block+',
  isolating: true,
  defining: true,
  addOptions() {
    return { labels: EMPTY_LABELS };
  },
  addAttributes() {
    return { locale: { default: 'en-US', rendered: false } };
  },
  parseHTML() {
    return [
      { tag: 'div[data-locale]', getAttrs: (el) => ({ locale: el.getAttribute('data-locale') }) },
    ];
  },
  renderHTML({ node }) {
    return ['div', { 'data-locale': node.attrs.locale as string }, 0];
  },
  addNodeView() {
    const labels = this.options.labels;
    return ({ node, decorations }) => new ContentLocaleView(node, labels, decorations);
  },
});

/** An image in content HTML: `<figure><img src alt><figcaption>…</figcaption></figure>`. */
export const FigureImage = Node.create({
  name: 'figureImage',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      src: { default: '' },
      alt: { default: '' },
      caption: { default: '' },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'figure',
        getAttrs: (el) => {
          const img = el.querySelector('img');
          if (!img) return false;
          return {
            src: img.getAttribute('src') ?? '',
            alt: img.getAttribute('alt') ?? '',
            caption: el.querySelector('figcaption')?.textContent ?? '',
          };
        },
      },
      {
        tag: 'img[src]',
        getAttrs: (el) => ({
          src: el.getAttribute('src') ?? '',
          alt: el.getAttribute('alt') ?? '',
        }),
      },
    ];
  },
  renderHTML({ node }) {
    const { src, alt, caption } = node.attrs as { src: string; alt: string; caption: string };
    const img = ['img', { src, alt }] as const;
    return caption ? ['figure', img, ['figcaption', caption]] : ['figure', img];
  },
});

/** A formula's value in content: `<span data-ref="ID"></span>` (data-use "score" or "max"). */
export const FormulaRef = Node.create({
  name: 'formulaRef',
  group: 'inline',
  inline: true,
  atom: true,
  addAttributes() {
    return {
      ref: { default: '', parseHTML: (el) => el.getAttribute('data-ref') ?? '' },
      use: { default: null, parseHTML: (el) => el.getAttribute('data-use') },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-ref]' }];
  },
  renderHTML({ node }) {
    const attrs: Record<string, string> = { 'data-ref': node.attrs.ref as string };
    if (node.attrs.use) attrs['data-use'] = node.attrs.use as string;
    return ['span', attrs];
  },
});

export const Subscript = Mark.create({
  name: 'subscript',
  parseHTML: () => [{ tag: 'sub' }],
  renderHTML: () => ['sub', 0],
});

export const Superscript = Mark.create({
  name: 'superscript',
  parseHTML: () => [{ tag: 'sup' }],
  renderHTML: () => ['sup', 0],
});

export const EMPTY_LABELS: EditorLabels = {
  textBlock: 'Text',
  dragHandle: 'Drag',
  moveUp: 'Move up',
  moveDown: 'Move down',
  remove: 'Remove',
  untranslated: 'Untranslated',
  localeNames: {},
};

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The chrome of a block: a drag handle, its kind, and move/remove buttons (mouse; keys do the same). */
export function blockChrome(
  kind: string,
  labels: EditorLabels,
  act: (action: 'up' | 'down' | 'remove') => void,
): HTMLElement {
  const chrome = element('div', 'studio-page-block__chrome');
  chrome.contentEditable = 'false';
  const handle = element('span', 'studio-page-block__handle', '⠿');
  handle.draggable = true;
  handle.dataset.dragHandle = '';
  handle.title = labels.dragHandle;
  handle.setAttribute('aria-hidden', 'true');
  chrome.append(handle, element('span', 'studio-page-block__kind', kind));
  const buttons = element('span', 'studio-page-block__buttons');
  for (const [action, label, glyph] of [
    ['up', labels.moveUp, '↑'],
    ['down', labels.moveDown, '↓'],
    ['remove', labels.remove, '✕'],
  ] as const) {
    const button = element(
      'button',
      `studio-page-block__button studio-page-block__button--${action}`,
      glyph,
    );
    button.type = 'button';
    // One Tab stop for the editor: keys move and remove blocks (Alt+↑/↓, Delete), and so do
    // the inspector's buttons; these are for the pointer.
    button.tabIndex = -1;
    button.setAttribute('aria-label', label);
    button.title = label;
    button.addEventListener('mousedown', (event) => event.preventDefault());
    button.addEventListener('click', () => act(action));
    buttons.append(button);
  }
  chrome.append(buttons);
  return chrome;
}

class ContentBlockView implements NodeView {
  dom: HTMLElement;
  contentDOM: HTMLElement;
  private chrome: HTMLElement;

  constructor(
    private node: PmNode,
    view: EditorView,
    getPos: () => number | undefined,
    labels: EditorLabels,
  ) {
    this.dom = element('div', 'studio-page-block studio-page-block--content');
    this.chrome = blockChrome(labels.textBlock, labels, (action) => {
      const pos = getPos();
      if (pos === undefined) return;
      if (action === 'remove') removeBlockAt(view, pos);
      else moveBlockAt(view, pos, action === 'up' ? -1 : 1);
    });
    this.contentDOM = element('div', 'studio-page-block__columns');
    this.dom.append(this.chrome, this.contentDOM);
  }

  update(node: PmNode) {
    if (node.type !== this.node.type) return false;
    this.node = node;
    return true;
  }

  stopEvent(event: Event) {
    return event.type !== 'dragstart' && this.chrome.contains(event.target as globalThis.Node);
  }

  ignoreMutation(mutation: ViewMutationRecord) {
    return !this.contentDOM.contains(mutation.target);
  }
}

class ContentLocaleView implements NodeView {
  dom: HTMLElement;
  contentDOM: HTMLElement;
  private header: HTMLElement;
  private badge: HTMLElement;

  constructor(
    private node: PmNode,
    labels: EditorLabels,
    decorations: readonly Decoration[],
  ) {
    const locale = node.attrs.locale as string;
    this.dom = element('div', 'studio-locale');
    this.header = element('div', 'studio-locale__header');
    this.header.contentEditable = 'false';
    this.badge = element('span', 'studio-editor-untranslated', labels.untranslated);
    this.badge.hidden = true;
    this.header.append(
      element('span', 'studio-locale__name', labels.localeNames[locale] ?? locale),
      this.badge,
    );
    this.contentDOM = element('div', 'studio-locale__text prose');
    this.contentDOM.lang = locale;
    this.dom.append(this.header, this.contentDOM);
    this.mark(decorations);
  }

  update(node: PmNode, decorations: readonly Decoration[]) {
    if (node.type !== this.node.type || node.attrs.locale !== this.node.attrs.locale) return false;
    this.node = node;
    this.mark(decorations);
    return true;
  }

  private untranslated: boolean | undefined;

  private mark(decorations: readonly Decoration[]) {
    const isUntranslated = decorations.some(
      (d) => (d.spec as { untranslated?: boolean }).untranslated,
    );
    // Written only when it changes: every write, even of the same value, is a mutation record
    // ProseMirror's observer reads on the keystroke that caused it.
    if (isUntranslated === this.untranslated) return;
    this.untranslated = isUntranslated;
    this.badge.hidden = !isUntranslated;
    this.dom.classList.toggle('studio-locale--untranslated', isUntranslated);
  }

  stopEvent(event: Event) {
    return this.header.contains(event.target as globalThis.Node);
  }

  ignoreMutation(mutation: ViewMutationRecord) {
    return !this.contentDOM.contains(mutation.target);
  }
}
