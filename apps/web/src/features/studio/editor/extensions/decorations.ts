import { Extension } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { isBlankColumn } from '../model/page-doc';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The words of a glossary entry: the word and its plural (as domain markGlossary finds them). */
function termsOf(word: string, plural?: string): string[] {
  const w = word.trim();
  if (!w) return [];
  const p =
    plural?.trim() ||
    (/(s|x|z|ch|sh)$/i.test(w)
      ? `${w}es`
      : /[^aeiou]y$/i.test(w)
        ? `${w.slice(0, -1)}ies`
        : `${w}s`);
  return [w, p];
}

export function glossaryPattern(glossary: readonly { word: string; plural?: string }[]) {
  const terms = new Set<string>();
  for (const entry of glossary)
    for (const term of termsOf(entry.word, entry.plural)) terms.add(term.toLowerCase());
  if (!terms.size) return null;
  const alternatives = [...terms].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp(`(?<![\\p{L}\\p{N}_])(${alternatives.join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
}

/** Marks in links and code are never glossary words (as learners see them). */
const SKIPPED_MARKS = new Set(['link', 'code']);

function markTextblock(node: PmNode, pos: number, pattern: RegExp, out: Decoration[]) {
  if (node.type.name === 'codeBlock') return;
  node.forEach((child, offset) => {
    if (!child.isText || !child.text) return;
    if (child.marks.some((mark) => SKIPPED_MARKS.has(mark.type.name))) return;
    const start = pos + 1 + offset;
    for (const match of child.text.matchAll(pattern)) {
      const from = start + (match.index ?? 0);
      out.push(Decoration.inline(from, from + match[0].length, { class: 'glossary-term' }));
    }
  });
}

function decorateRange(doc: PmNode, from: number, to: number, pattern: RegExp): Decoration[] {
  const out: Decoration[] = [];
  doc.nodesBetween(from, to, (node, pos) => {
    if (node.isTextblock) {
      markTextblock(node, pos, pattern, out);
      return false;
    }
    return node.type.name !== 'fragmentBlock';
  });
  return out;
}

const glossaryKey = new PluginKey<DecorationSet>('studioGlossary');

/**
 * Glossary words underlined in the text as learners see them: decorations, never stored in the
 * HTML. A change marks again only the paragraphs it touched, so typing costs the same on a page
 * of 5,000 words as on one of fifty.
 */
export const GlossaryMarks = Extension.create<{
  glossary: readonly { word: string; plural?: string }[];
}>({
  name: 'studioGlossary',
  addOptions() {
    return { glossary: [] };
  },
  addProseMirrorPlugins() {
    const pattern = glossaryPattern(this.options.glossary);
    if (!pattern) return [];
    return [
      new Plugin<DecorationSet>({
        key: glossaryKey,
        state: {
          init: (_, state) =>
            DecorationSet.create(
              state.doc,
              decorateRange(state.doc, 0, state.doc.content.size, pattern),
            ),
          apply(tr, set) {
            if (!tr.docChanged) return set;
            let next = set.map(tr.mapping, tr.doc);
            const ranges: [number, number][] = [];
            tr.mapping.maps.forEach((map, i) => {
              map.forEach((_oldStart, _oldEnd, newStart, newEnd) => {
                const rest = tr.mapping.slice(i + 1);
                ranges.push([rest.map(newStart, -1), rest.map(newEnd, 1)]);
              });
            });
            for (const [from, to] of ranges) {
              // Widen to the textblocks around the change.
              const $from = tr.doc.resolve(Math.max(0, Math.min(from, tr.doc.content.size)));
              const $to = tr.doc.resolve(Math.max(0, Math.min(to, tr.doc.content.size)));
              const start = $from.depth ? $from.start($from.depth) - 1 : 0;
              const end = $to.depth ? $to.end($to.depth) + 1 : tr.doc.content.size;
              next = next.remove(next.find(start, end));
              next = next.add(tr.doc, decorateRange(tr.doc, start, end, pattern));
            }
            return next;
          },
        },
        props: {
          decorations: (state) => glossaryKey.getState(state),
        },
      }),
    ];
  },
});

const untranslatedKey = new PluginKey<DecorationSet>('studioUntranslated');

/** The untranslated columns of one top-level block (at `offset`), as node decorations. */
function blockUntranslated(block: PmNode, offset: number, out: Decoration[]) {
  if (block.type.name !== 'contentBlock' || block.childCount < 2) return;
  const blank: boolean[] = [];
  block.forEach((column) => blank.push(isBlankColumn(column)));
  if (blank.every(Boolean)) return;
  block.forEach((column, columnOffset, index) => {
    if (!blank[index]) return;
    const from = offset + 1 + columnOffset;
    out.push(Decoration.node(from, from + column.nodeSize, {}, { untranslated: true }));
  });
}

function untranslatedDecorations(doc: PmNode): DecorationSet {
  const decorations: Decoration[] = [];
  doc.forEach((block, offset) => blockUntranslated(block, offset, decorations));
  return DecorationSet.create(doc, decorations);
}

/**
 * The set after a change: only the top-level blocks the change touched are looked at again (the
 * others keep their decorations, mapped), so a keystroke costs the same on a page of 80 blocks as
 * on one of two, and the view finds the other blocks' decorations unchanged.
 */
function updateUntranslated(tr: Transaction, set: DecorationSet): DecorationSet {
  let next = set.map(tr.mapping, tr.doc);
  const touched = new Map<number, PmNode>();
  tr.mapping.maps.forEach((map, i) => {
    map.forEach((_oldStart, _oldEnd, newStart, newEnd) => {
      const rest = tr.mapping.slice(i + 1);
      const from = Math.max(0, rest.map(newStart, -1));
      const to = Math.min(tr.doc.content.size, rest.map(newEnd, 1));
      tr.doc.nodesBetween(from, Math.max(to, from + 1), (node, pos) => {
        touched.set(pos, node);
        return false;
      });
    });
  });
  for (const [pos, block] of touched) {
    const stale = next.find(pos + 1, pos + block.nodeSize - 1);
    if (stale.length) next = next.remove(stale);
    const fresh: Decoration[] = [];
    blockUntranslated(block, pos, fresh);
    if (fresh.length) next = next.add(tr.doc, fresh);
  }
  return next;
}

/** Columns left empty while another locale has text: marked, with a word, by their node view. */
export const UntranslatedMarks = Extension.create({
  name: 'studioUntranslated',
  addProseMirrorPlugins() {
    return [
      new Plugin<DecorationSet>({
        key: untranslatedKey,
        state: {
          init: (_, state) => untranslatedDecorations(state.doc),
          apply: (tr, set) => (tr.docChanged ? updateUntranslated(tr, set) : set),
        },
        props: { decorations: (state) => untranslatedKey.getState(state) },
      }),
    ];
  },
});
