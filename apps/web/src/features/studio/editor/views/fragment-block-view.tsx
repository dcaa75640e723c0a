import type { Fragment } from '@portal/domain';
import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { memo } from 'react';
import { useIntl } from 'react-intl';
import { useStudioEditor } from '../editor-context';
import { textIn, untranslatedLocales } from '../model/localised';
import { fragmentTexts } from '../model/fragment-texts';
import { FragmentPreview } from './fragment-preview';

/** A field, formula or attachment in the page's flow: its chrome, and what learners see (inert). */
export function FragmentBlockView({ node, selected, getPos }: ReactNodeViewProps) {
  const fragment = node.attrs.fragment as Fragment;
  const editor = useStudioEditor();
  const pos = () => getPos();
  return (
    <NodeViewWrapper
      className={`studio-block studio-block--${fragment.type}${selected ? ' studio-block--selected' : ''}`}
      data-fragment-id={fragment._id}
    >
      <BlockHeader
        fragment={fragment}
        locales={editor.locales}
        locale={editor.displayLocale}
        answers={fragment.type === 'field' ? (editor.answerCounts[fragment.field._id] ?? 0) : 0}
        onMove={(direction) => {
          const at = pos();
          if (at !== undefined) editor.moveBlock(at, direction);
        }}
        onRemove={() => {
          const at = pos();
          if (at !== undefined) editor.removeBlock(at);
        }}
      />
      <div className="studio-block__preview" inert>
        <FragmentPreview
          fragment={fragment}
          locale={editor.displayLocale}
          glossary={editor.glossary}
        />
      </div>
    </NodeViewWrapper>
  );
}

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
    <div className="studio-block__chrome" contentEditable={false}>
      <span className="studio-block__handle" data-drag-handle="" aria-hidden="true">
        ⠿
      </span>
      <span className="studio-block__kind">{kind}</span>
      {name && <span className="studio-block__name">{name}</span>}
      {missing.length > 0 && (
        <span className="studio-untranslated">
          {intl.formatMessage(
            { id: 'studio.editor.untranslatedIn' },
            { locales: missing.join(', ') },
          )}
        </span>
      )}
      {answers > 0 && (
        <span className="studio-block__answers">
          {intl.formatMessage({ id: 'studio.editor.answerCount' }, { count: answers })}
        </span>
      )}
      <span className="studio-block__buttons">
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
              className={`studio-block__button studio-block__button--${action}`}
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
