import type { Fragment, GlossaryEntry } from '@portal/domain';
import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { memo, useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useStudioEditor } from '../editor-context';
import { textIn, untranslatedLocales } from '../model/localised';
import { fragmentTexts } from '../model/fragment-texts';
import { FragmentPreview } from './fragment-preview';

/** A field, formula or attachment in the page's flow: its chrome, and what learners see (inert). */
export function FragmentBlockView({ node, selected, getPos }: ReactNodeViewProps) {
  const fragment = node.attrs.fragment as Fragment;
  const editor = useStudioEditor();
  const [position] = useState(() => new Position());
  useEffect(() => {
    position.set(getPos);
  });
  const { moveBlock, removeBlock } = editor;
  const onMove = useCallback(
    (direction: -1 | 1) => {
      const at = position.get();
      if (at !== undefined) moveBlock(at, direction);
    },
    [position, moveBlock],
  );
  const onRemove = useCallback(() => {
    const at = position.get();
    if (at !== undefined) removeBlock(at);
  }, [position, removeBlock]);
  return (
    <BlockFrame
      fragment={fragment}
      selected={selected}
      locales={editor.locales}
      locale={editor.displayLocale}
      glossary={editor.glossary}
      answers={fragment.type === 'field' ? (editor.answerCounts[fragment.field._id] ?? 0) : 0}
      onMove={onMove}
      onRemove={onRemove}
    />
  );
}

/** Where the block is now (node views get it from a function that changes). */
class Position {
  private getPos: () => number | undefined = () => undefined;
  set(getPos: () => number | undefined) {
    this.getPos = getPos;
  }
  get() {
    return this.getPos();
  }
}

interface BlockFrameProps {
  fragment: Fragment;
  selected: boolean;
  locales: readonly string[];
  locale: string;
  glossary: readonly GlossaryEntry[];
  answers: number;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
}

/** Drawn again only when what it shows changes (typing elsewhere renders no block). */
const BlockFrame = memo(function BlockFrame({
  fragment,
  selected,
  locales,
  locale,
  glossary,
  answers,
  onMove,
  onRemove,
}: BlockFrameProps) {
  return (
    <NodeViewWrapper
      className={`studio-page-block studio-page-block--${fragment.type}${selected ? ' studio-page-block--selected' : ''}`}
      data-fragment-id={fragment._id}
    >
      <BlockHeader
        fragment={fragment}
        locales={locales}
        locale={locale}
        answers={answers}
        onMove={onMove}
        onRemove={onRemove}
      />
      <div className="studio-page-block__preview" inert>
        <FragmentPreview fragment={fragment} locale={locale} glossary={glossary} />
      </div>
    </NodeViewWrapper>
  );
});

interface BlockHeaderProps {
  fragment: Fragment;
  locales: readonly string[];
  locale: string;
  answers: number;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
}

/** Kind, name, translation and answer badges, and the pointer's move/remove buttons. */
const BlockHeader = memo(function BlockHeader({
  fragment,
  locales,
  locale,
  answers,
  onMove,
  onRemove,
}: BlockHeaderProps) {
  const intl = useIntl();
  const kind =
    fragment.type === 'field'
      ? intl.formatMessage({ id: `studio.editor.type.${fragment.field.type}` })
      : intl.formatMessage({ id: `studio.editor.kind.${fragment.type}` });
  const name =
    fragment.type === 'field'
      ? textIn(fragment.field.name, locale, locales[0])
      : fragment.type === 'formula'
        ? textIn(fragment.formula.name, locale, locales[0])
        : fragment.type === 'attachment'
          ? textIn(fragment.attachment.name, locale, locales[0])
          : '';
  const missing = [
    ...new Set(fragmentTexts(fragment).flatMap((text) => untranslatedLocales(text, locales))),
  ];
  return (
    <div className="studio-page-block__chrome" contentEditable={false}>
      <span className="studio-page-block__handle" data-drag-handle="" aria-hidden="true">
        ⠿
      </span>
      <span className="studio-page-block__kind">{kind}</span>
      {name && <span className="studio-page-block__name">{name}</span>}
      {missing.length > 0 && (
        <span className="studio-editor-untranslated">
          {intl.formatMessage(
            { id: 'studio.editor.untranslatedIn' },
            { locales: missing.join(', ') },
          )}
        </span>
      )}
      {answers > 0 && (
        <span className="studio-page-block__answers">
          {intl.formatMessage({ id: 'studio.editor.answerCount' }, { count: answers })}
        </span>
      )}
      <span className="studio-page-block__buttons">
        {(
          [
            ['up', '↑', () => onMove(-1)],
            ['down', '↓', () => onMove(1)],
            ['remove', '✕', onRemove],
          ] as const
        ).map(([action, glyph, act]) => {
          const label = intl.formatMessage({ id: `studio.editor.block.${action}` });
          return (
            <button
              key={action}
              type="button"
              className={`studio-page-block__button studio-page-block__button--${action}`}
              tabIndex={-1}
              aria-label={label}
              title={label}
              onMouseDown={(event) => event.preventDefault()}
              onClick={act}
            >
              {glyph}
            </button>
          );
        })}
      </span>
    </div>
  );
});
