import { Node, type JSONContent } from '@tiptap/core';
import type { ReferenceUse } from '@portal/domain';
import { formulaHtml, parseFormulaHtml, type FormulaSegment } from './formula-html';

/**
 * The formula editor's document: one line of text and references. A reference is an atom
 * drawn as a chip (the field's question, and whether it reads the score); what is stored is
 * only `<span data-ref="ID" data-use="…"></span>` (formula-html.ts).
 */

export interface ChipText {
  text: string;
  /** The reference names nothing of the topic, or a use its target has not. */
  isProblem: boolean;
}

/** Gives chips their text; chips follow it when it changes (the topic, the locale). */
export class ChipLabels {
  private readonly drawers = new Set<() => void>();
  constructor(private textOf: (id: string, use: ReferenceUse) => ChipText) {}

  text(id: string, use: ReferenceUse): ChipText {
    return this.textOf(id, use);
  }

  /** Registers a chip's drawing; returns its removal. */
  watch(draw: () => void): () => void {
    this.drawers.add(draw);
    return () => this.drawers.delete(draw);
  }

  /** New texts: every chip on the page is drawn again. */
  update(textOf: (id: string, use: ReferenceUse) => ChipText): void {
    this.textOf = textOf;
    for (const draw of this.drawers) draw();
  }
}

export const REFERENCE_NODE = 'formulaReference';

const FormulaDocument = Node.create({ name: 'doc', topNode: true, content: 'paragraph' });
const FormulaLine = Node.create({
  name: 'paragraph',
  group: 'block',
  content: 'inline*',
  parseHTML: () => [{ tag: 'p' }],
  renderHTML: () => ['p', 0],
});
const FormulaText = Node.create({ name: 'text', group: 'inline' });

function createReferenceNode(labels: ChipLabels) {
  return Node.create({
    name: REFERENCE_NODE,
    group: 'inline',
    inline: true,
    atom: true,
    selectable: true,
    draggable: false,
    addAttributes: () => ({
      id: { default: '' },
      use: { default: 'value' },
    }),
    parseHTML: () => [
      {
        tag: 'span[data-ref]',
        getAttrs: (el) => {
          const use = el.getAttribute('data-use');
          return {
            id: el.getAttribute('data-ref') ?? '',
            use: use === 'score' || use === 'max' ? use : 'value',
          };
        },
      },
    ],
    renderHTML: ({ node }) => [
      'span',
      {
        'data-ref': String(node.attrs.id),
        ...(node.attrs.use !== 'value' && { 'data-use': String(node.attrs.use) }),
      },
    ],
    renderText: ({ node }) =>
      labels.text(node.attrs.id as string, node.attrs.use as ReferenceUse).text,
    addNodeView:
      () =>
      ({ node }) => {
        const dom = document.createElement('span');
        const draw = () => {
          const chip = labels.text(node.attrs.id as string, node.attrs.use as ReferenceUse);
          dom.className = chip.isProblem ? 'formula-chip formula-chip--problem' : 'formula-chip';
          dom.textContent = chip.text;
        };
        draw();
        const unwatch = labels.watch(draw);
        return { dom, destroy: unwatch };
      },
  });
}

/** The extensions of a formula editor whose chips read their text from `labels`. */
export function formulaExtensions(labels: ChipLabels) {
  return [FormulaDocument, FormulaLine, FormulaText, createReferenceNode(labels)];
}

/** The editor's content for a stored body. */
export function bodyToContent(body: string): JSONContent {
  const content: JSONContent[] = parseFormulaHtml(body).map((segment) =>
    segment.type === 'text'
      ? { type: 'text', text: segment.text }
      : { type: REFERENCE_NODE, attrs: { id: segment.id, use: segment.use } },
  );
  return { type: 'doc', content: [{ type: 'paragraph', ...(content.length && { content }) }] };
}

interface DocLike {
  forEach(f: (node: NodeLike) => void): void;
}
interface NodeLike {
  isText: boolean;
  text?: string | undefined;
  type: { name: string };
  attrs: Record<string, unknown>;
  forEach(f: (node: NodeLike) => void): void;
}

/** The stored body of the editor's document (lines, should a paste make several, join with a space). */
export function docToBody(doc: DocLike): string {
  const segments: FormulaSegment[] = [];
  const addText = (text: string) => {
    const last = segments.at(-1);
    if (last?.type === 'text') last.text += text;
    else segments.push({ type: 'text', text });
  };
  let line = 0;
  doc.forEach((block) => {
    if (line++ > 0) addText(' ');
    block.forEach((node) => {
      if (node.isText) addText(node.text ?? '');
      else if (node.type.name === REFERENCE_NODE) {
        const use = node.attrs.use;
        segments.push({
          type: 'ref',
          id: String(node.attrs.id),
          use: use === 'score' || use === 'max' ? use : 'value',
        });
      }
    });
  });
  return formulaHtml(segments);
}
