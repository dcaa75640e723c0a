import type { Fragment, Page } from '@portal/domain';
import {
  DOMParser as PmDOMParser,
  DOMSerializer,
  type Node as PmNode,
  type Schema,
} from '@tiptap/pm/model';
import { newId } from './ids';
import type { Localised } from './localised';

export type ContentFragment = Extract<Fragment, { type: 'content' }>;

/**
 * The HTML each locale column was made from (null: the fragment had none for that locale). A
 * column the author has not touched is the same node (ProseMirror shares what a change leaves
 * alone), so it goes back out as the very text it came from: a page round-trips unchanged, and
 * only edited columns are ever serialised.
 */
const originals = new WeakMap<PmNode, string | null>();
const serialised = new WeakMap<PmNode, string>();
const blanks = new WeakMap<PmNode, boolean>();

/** A detached document: parsing author HTML there runs nothing and loads nothing. */
let scratch: Document | undefined;
function scratchDocument(): Document {
  scratch ??= document.implementation.createHTMLDocument('');
  return scratch;
}

/** One locale's column of a content block, parsed from its HTML. */
export function localeColumn(schema: Schema, locale: string, html: string | null): PmNode {
  const type = schema.nodes.contentLocale!;
  let node: PmNode;
  if (html && html.trim()) {
    const holder = scratchDocument().createElement('div');
    holder.innerHTML = html;
    node = PmDOMParser.fromSchema(schema).parse(holder, { topNode: type.create({ locale }) });
    if (!node.childCount) node = type.createAndFill({ locale })!;
  } else node = type.createAndFill({ locale })!;
  originals.set(node, html);
  return node;
}

function ownHtml(content: Localised, locale: string, locales: readonly string[]): string | null {
  if (typeof content === 'string') return locale === locales[0] ? content : null;
  return Object.hasOwn(content, locale) ? (content[locale] ?? null) : null;
}

/** A content fragment as a block: one column per locale, the fragment kept in its attribute. */
export function contentBlockNode(
  schema: Schema,
  fragment: ContentFragment,
  locales: readonly string[],
): PmNode {
  return schema.nodes.contentBlock!.create(
    { fragment },
    locales.map((locale) =>
      localeColumn(schema, locale, ownHtml(fragment.content, locale, locales)),
    ),
  );
}

/** A new, empty text block. */
export function emptyContentBlock(schema: Schema, locales: readonly string[]): PmNode {
  const fragment: ContentFragment = { _id: newId('c'), type: 'content', content: '' };
  return contentBlockNode(schema, fragment, locales);
}

export function fragmentNode(
  schema: Schema,
  fragment: Fragment,
  locales: readonly string[],
): PmNode {
  if (fragment.type === 'content') return contentBlockNode(schema, fragment, locales);
  return schema.nodes.fragmentBlock!.create({ fragment });
}

/** The page's fragments as the editor's document (an empty page gets one empty text block). */
export function pageToDoc(schema: Schema, page: Page, locales: readonly string[]): PmNode {
  const blocks = page.fragments.map((fragment) => fragmentNode(schema, fragment, locales));
  if (!blocks.length || blocks.at(-1)?.type.name !== 'contentBlock')
    blocks.push(emptyContentBlock(schema, locales));
  return schema.topNodeType.create(null, blocks);
}

/** True when a column holds nothing a reader would see. */
export function isBlankColumn(node: PmNode): boolean {
  const known = blanks.get(node);
  if (known !== undefined) return known;
  let blank = !node.textContent.trim();
  if (blank)
    node.descendants((child) => {
      if (child.isAtom && !child.isText) blank = false;
      return blank;
    });
  blanks.set(node, blank);
  return blank;
}

function columnHtml(node: PmNode): string | null {
  const original = originals.get(node);
  if (original !== undefined) return original;
  if (isBlankColumn(node)) return null;
  let html = serialised.get(node);
  if (html === undefined) {
    const holder = scratchDocument().createElement('div');
    holder.append(
      DOMSerializer.fromSchema(node.type.schema).serializeFragment(node.content, {
        document: scratchDocument(),
      }),
    );
    html = holder.innerHTML;
    serialised.set(node, html);
  }
  return html;
}

/** The content fragment a content block stands for, `null` when it is new and empty. */
export function contentFragmentOf(
  block: PmNode,
  locales: readonly string[],
  initialIds: ReadonlySet<string>,
): ContentFragment | null {
  const base = (block.attrs.fragment as ContentFragment | null) ?? {
    _id: newId('c'),
    type: 'content' as const,
    content: '',
  };
  const parts = new Map<string, string | null>();
  block.forEach((column) => {
    parts.set(column.attrs.locale as string, columnHtml(column));
  });
  const original = base.content;
  const first = locales[0] ?? '';
  let content: Localised;
  const others = [...parts].filter(([locale, html]) => locale !== first && html !== null);
  if (typeof original === 'string' && !others.length) content = parts.get(first) ?? '';
  else {
    const out: Record<string, string> = {};
    const keys = typeof original === 'string' ? [] : Object.keys(original);
    for (const key of [...keys, ...parts.keys()]) {
      if (Object.hasOwn(out, key)) continue;
      if (parts.has(key)) {
        const html = parts.get(key);
        if (html !== null && html !== undefined) out[key] = html;
      } else if (typeof original !== 'string' && original[key] !== undefined)
        out[key] = original[key];
    }
    content = Object.keys(out).length ? out : '';
  }
  if (content === '' && !initialIds.has(base._id)) return null;
  return content === original ? base : { ...base, content };
}

/** The page's fragments from the editor's document, in order. */
export function docToFragments(
  doc: PmNode,
  locales: readonly string[],
  initialIds: ReadonlySet<string>,
): Fragment[] {
  const fragments: Fragment[] = [];
  doc.forEach((block) => {
    if (block.type.name === 'contentBlock') {
      const fragment = contentFragmentOf(block, locales, initialIds);
      if (fragment) fragments.push(fragment);
    } else if (block.attrs.fragment) fragments.push(block.attrs.fragment as Fragment);
  });
  return fragments;
}
