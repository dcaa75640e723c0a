import {
  FORMULA_FORMATS,
  fragmentSchema,
  type Field,
  type FieldType,
  type Fragment,
  type Topic,
} from '@portal/domain';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { NewBlockWords } from '../model/new-fragments';
import { FormulaEditor, ShowConditionEditor } from '../../formula';
import { FieldInspector } from './field-inspector';
import { ImageInspector, type SelectedImage } from './image-inspector';
import { useDraft } from './use-draft';
import { ErrorText, LocaleText, TextInput } from './inputs';

export interface SelectedBlock {
  pos: number;
  kind: Fragment['type'];
  /** The fragment of a field, formula or attachment (a text block is edited in place). */
  fragment: Fragment | null;
  /** An image selected in a text block. */
  image?: SelectedImage | null;
  /** The block's fragment as stored (a text block's with the HTML it was loaded with): its id and show condition. */
  base?: Fragment | null;
}

interface BlockInspectorProps {
  selected: SelectedBlock | null;
  locales: readonly string[];
  locale: string;
  answerCounts: Readonly<Record<string, number>>;
  words: NewBlockWords;
  onChange: (fragment: Fragment) => void;
  onImageChange: (image: SelectedImage) => void;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
  confirmRetype: (field: Field, type: FieldType, apply: () => void) => void;
  /** The topic being edited: with it, formulas and show conditions get the studio's formula editor. */
  topic?: Topic;
}

/** The settings of the selected block, and buttons to move or remove it. */
export function BlockInspector(props: BlockInspectorProps) {
  const intl = useIntl();
  const { selected } = props;
  if (!selected)
    return (
      <p className="studio-inspector__empty">
        {intl.formatMessage({ id: 'studio.editor.inspector.nothing' })}
      </p>
    );
  const { fragment } = selected;
  const title =
    fragment?.type === 'field'
      ? intl.formatMessage({ id: `studio.editor.type.${fragment.field.type}` })
      : intl.formatMessage({ id: `studio.editor.kind.${selected.kind}` });
  return (
    <div className="studio-inspector__body">
      <h2 className="studio-inspector__title">{title}</h2>
      <div className="studio-inspector__actions">
        <button
          type="button"
          className="button button--secondary studio-button--small"
          onClick={() => props.onMove(-1)}
        >
          {intl.formatMessage({ id: 'studio.editor.block.up' })}
        </button>
        <button
          type="button"
          className="button button--secondary studio-button--small"
          onClick={() => props.onMove(1)}
        >
          {intl.formatMessage({ id: 'studio.editor.block.down' })}
        </button>
        <button
          type="button"
          className="button button--danger studio-button--small"
          onClick={props.onRemove}
        >
          {intl.formatMessage({ id: 'studio.editor.block.remove' })}
        </button>
      </div>
      {!fragment && (
        <p className="studio-inspector__hint">
          {intl.formatMessage({ id: 'studio.editor.inspector.textHint' })}
        </p>
      )}
      {selected.image && (
        <ImageInspector
          key={selected.image.pos}
          image={selected.image}
          onChange={props.onImageChange}
        />
      )}
      {fragment?.type === 'field' && (
        <FieldInspector
          key={fragment.field._id}
          field={fragment.field}
          locales={props.locales}
          locale={props.locale}
          answers={props.answerCounts[fragment.field._id] ?? 0}
          words={props.words}
          onChange={(field) => props.onChange({ ...fragment, field })}
          confirmRetype={props.confirmRetype}
        />
      )}
      {fragment?.type === 'formula' && (
        <FormulaInspector key={fragment._id} fragment={fragment} {...props} />
      )}
      {fragment?.type === 'attachment' && (
        <AttachmentInspector key={fragment._id} fragment={fragment} {...props} />
      )}
      {props.topic && selected.base && (
        <ShowConditionEditor
          key={`condition-${selected.base._id}`}
          value={selected.base.showCondition}
          onChange={(showCondition) => {
            const base = selected.base!;
            const next = { ...base };
            if (showCondition) next.showCondition = showCondition;
            else delete next.showCondition;
            props.onChange(next);
          }}
          topic={props.topic}
          locale={props.locale}
          target="fragment"
        />
      )}
    </div>
  );
}

function issuesOf(fragment: Fragment): Map<string, string> {
  const result = fragmentSchema.safeParse(fragment);
  const map = new Map<string, string>();
  if (!result.success)
    for (const issue of result.error.issues) {
      const key = issue.path.slice(1).map(String).join('.');
      if (!map.has(key)) map.set(key, issue.message);
    }
  return map;
}

const first = (errors: Map<string, string>, path: string) =>
  [...errors].find(([key]) => key === path || key.startsWith(`${path}.`))?.[1];

type FormulaFragment = Extract<Fragment, { type: 'formula' }>;

const isValid = (fragment: Fragment) => fragmentSchema.safeParse(fragment).success;

function FormulaInspector({
  fragment: value,
  locales,
  locale,
  topic,
  onChange,
}: BlockInspectorProps & { fragment: FormulaFragment }) {
  const intl = useIntl();
  const id = useId();
  const [fragment, update] = useDraft(value, isValid, onChange);
  const { formula } = fragment;
  const errors = issuesOf(fragment);
  const set = (patch: Partial<FormulaFragment['formula']>) =>
    update({ ...fragment, formula: { ...formula, ...patch } });
  return (
    <div className="studio-inspector__form">
      <LocaleText
        label={intl.formatMessage({ id: 'studio.editor.inspector.name' })}
        value={formula.name}
        locales={locales}
        error={first(errors, 'formula.name')}
        onChange={(name) => set({ name })}
      />
      <LocaleText
        label={intl.formatMessage({ id: 'studio.editor.inspector.description' })}
        value={formula.description}
        locales={locales}
        onChange={(description) => set({ description })}
      />
      <div className="studio-inspector__row">
        <label htmlFor={`${id}-format`}>
          {intl.formatMessage({ id: 'studio.editor.inspector.format' })}
        </label>
        <select
          id={`${id}-format`}
          className="studio-inspector__input"
          value={formula.format ?? 'number'}
          onChange={(event) =>
            set({ format: event.target.value as (typeof FORMULA_FORMATS)[number] })
          }
        >
          {FORMULA_FORMATS.map((format) => (
            <option key={format} value={format}>
              {intl.formatMessage({ id: `studio.editor.format.${format}` })}
            </option>
          ))}
        </select>
      </div>
      {topic ? (
        <FormulaEditor
          value={formula.body}
          onChange={(body) => set({ body })}
          topic={topic}
          locale={locale}
          formulaId={formula._id}
          label={intl.formatMessage({ id: 'studio.editor.inspector.body' })}
        />
      ) : (
        <div className="studio-inspector__row">
          <label htmlFor={`${id}-body`}>
            {intl.formatMessage({ id: 'studio.editor.inspector.body' })}
          </label>
          <textarea
            id={`${id}-body`}
            className="studio-inspector__input studio-inspector__code"
            rows={4}
            value={formula.body}
            onChange={(event) => set({ body: event.target.value })}
          />
          <ErrorText id={`${id}-body-error`} message={first(errors, 'formula.body')} />
        </div>
      )}
    </div>
  );
}

type AttachmentFragment = Extract<Fragment, { type: 'attachment' }>;

function AttachmentInspector({
  fragment: value,
  locales,
  onChange,
}: BlockInspectorProps & { fragment: AttachmentFragment }) {
  const intl = useIntl();
  const [fragment, update] = useDraft(value, isValid, onChange);
  const { attachment } = fragment;
  const errors = issuesOf(fragment);
  const set = (patch: Partial<AttachmentFragment['attachment']>) =>
    update({ ...fragment, attachment: { ...attachment, ...patch } });
  const captions =
    typeof attachment.captions === 'string'
      ? { [locales[0] ?? 'en-US']: attachment.captions }
      : (attachment.captions ?? {});
  return (
    <div className="studio-inspector__form">
      <TextInput
        label={intl.formatMessage({ id: 'studio.editor.media.url' })}
        value={attachment.url}
        error={first(errors, 'attachment.url')}
        onChange={(url) => set({ url })}
      />
      <LocaleText
        label={intl.formatMessage({ id: 'studio.editor.inspector.name' })}
        value={attachment.name}
        locales={locales}
        error={first(errors, 'attachment.name')}
        onChange={(name) => set({ name })}
      />
      <LocaleText
        label={intl.formatMessage({ id: 'studio.editor.inspector.description' })}
        value={attachment.description}
        locales={locales}
        onChange={(description) => set({ description })}
      />
      {/\.mp4$/i.test(attachment.url.split(/[?#]/, 1)[0] ?? '') &&
        locales.map((locale) => (
          <TextInput
            key={locale}
            label={intl.formatMessage({ id: 'studio.editor.media.captionsFor' }, { locale })}
            value={captions[locale] ?? ''}
            error={first(errors, `attachment.captions.${locale}`)}
            onChange={(url) => {
              const next = { ...captions };
              if (url) next[locale] = url;
              else delete next[locale];
              set({ captions: Object.keys(next).length ? next : undefined });
            }}
          />
        ))}
    </div>
  );
}
