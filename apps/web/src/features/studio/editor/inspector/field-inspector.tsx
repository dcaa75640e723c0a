import { FIELD_TYPES, type Field, type FieldType } from '@portal/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { NewBlockWords } from '../model/new-fragments';
import { retypeField } from '../model/new-fragments';
import { textIn } from '../model/localised';
import { errorAt, fieldErrors } from './field-errors';
import { ErrorText, LocaleText, NumberInput, TextInput } from './inputs';
import { PickListEditor } from './pick-list-editor';
import { ScoringEditor } from './scoring-editor';
import { TableEditor } from './table-editor';

interface FieldInspectorProps {
  field: Field;
  locales: readonly string[];
  locale: string;
  answers: number;
  words: NewBlockWords;
  /** Applies a valid field to the page. */
  onChange: (field: Field) => void;
  /** Asks before retyping a field that has answers; calls `apply` once the author agrees. */
  confirmRetype: (field: Field, type: FieldType, apply: () => void) => void;
}

/**
 * A field's settings, from the domain's field schema: every change is checked with it, its
 * messages shown beside the inputs, and only a valid field reaches the page.
 */
export function FieldInspector({
  field,
  locales,
  locale,
  answers,
  words,
  onChange,
  confirmRetype,
}: FieldInspectorProps) {
  const intl = useIntl();
  const id = useId();
  const [draft, setDraft] = useState(field);
  const applied = useRef(field);
  useEffect(() => {
    // The page changed under the inspector (an undo): show what it holds now.
    if (field !== applied.current) {
      applied.current = field;
      setDraft(field);
    }
  }, [field]);
  const errors = fieldErrors(draft);
  const update = (next: Field) => {
    setDraft(next);
    if (fieldErrors(next).size === 0) {
      applied.current = next;
      onChange(next);
    }
  };
  const set = <K extends keyof Field>(key: K, value: Field[K] | undefined) => {
    const next = { ...draft };
    if (value === undefined) delete next[key];
    else next[key] = value;
    update(next);
  };
  const isNumeric = draft.type === 'number' || draft.type === 'slider';
  const hasPickList = draft.type === 'select' || draft.type === 'radio';
  const t = (messageId: NonNullable<MessageDescriptor['id']>) =>
    intl.formatMessage({ id: messageId });

  return (
    <div className="studio-inspector__form">
      {errors.size > 0 && (
        <p className="studio-inspector__pending" role="status">
          {intl.formatMessage({ id: 'studio.editor.inspector.notApplied' }, { count: errors.size })}
        </p>
      )}
      <LocaleText
        label={t('studio.editor.inspector.fieldLabel')}
        value={draft.name}
        locales={locales}
        error={errorAt(errors, 'name')}
        onChange={(name) => set('name', name)}
      />
      <LocaleText
        key={`q-${draft._id}`}
        rich
        label={t('studio.editor.inspector.question')}
        value={draft.question}
        locales={locales}
        error={errorAt(errors, 'question')}
        onChange={(question) => set('question', question === '' ? undefined : question)}
      />
      <div className="studio-inspector__row">
        <label htmlFor={`${id}-type`}>{t('studio.editor.inspector.type')}</label>
        <select
          id={`${id}-type`}
          className="studio-inspector__input"
          value={draft.type}
          aria-describedby={errors.get('type') ? `${id}-type-error` : undefined}
          onChange={(event) => {
            const type = event.target.value as FieldType;
            const apply = () => update(retypeField(draft, type, locales, words));
            if (answers > 0) confirmRetype(draft, type, apply);
            else apply();
          }}
        >
          {FIELD_TYPES.map((type) => (
            <option key={type} value={type}>
              {intl.formatMessage({ id: `studio.editor.type.${type}` })}
            </option>
          ))}
        </select>
        <ErrorText id={`${id}-type-error`} message={errors.get('type')} />
      </div>
      <DefaultEditor
        field={draft}
        locale={locale}
        error={errorAt(errors, 'defaultValue')}
        onChange={(v) => set('defaultValue', v)}
      />
      {hasPickList && (
        <PickListEditor
          entries={draft.pickList ?? []}
          locales={locales}
          errors={errors}
          onChange={(entries) => set('pickList', entries)}
        />
      )}
      {isNumeric && (
        <fieldset className="studio-inspector__group">
          <legend>{t('studio.editor.inspector.bounds')}</legend>
          <NumberInput
            label={t('studio.editor.inspector.min')}
            value={draft.minValue}
            error={errors.get('minValue')}
            onChange={(n) => set('minValue', n)}
          />
          <NumberInput
            label={t('studio.editor.inspector.max')}
            value={draft.maxValue}
            error={errors.get('maxValue')}
            onChange={(n) => set('maxValue', n)}
          />
        </fieldset>
      )}
      {draft.type === 'string' && (
        <NumberInput
          label={t('studio.editor.inspector.rows')}
          value={draft.height}
          error={errors.get('height')}
          onChange={(n) => set('height', n)}
        />
      )}
      {draft.type === 'table' && (
        <TableEditor field={draft} locale={locale} errors={errors} onChange={update} />
      )}
      {draft.type !== 'table' && draft.type !== 'file' && (
        <ScoringEditor
          key={`${draft._id}-${draft.type}`}
          field={draft}
          locale={locale}
          errors={errors}
          onChange={update}
        />
      )}
    </div>
  );
}

function DefaultEditor({
  field,
  locale,
  error,
  onChange,
}: {
  field: Field;
  locale: string;
  error: string | undefined;
  onChange: (value: unknown) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const label = intl.formatMessage({ id: 'studio.editor.inspector.default' });
  switch (field.type) {
    case 'select':
    case 'radio':
      return (
        <div className="studio-inspector__row">
          <label htmlFor={id}>{label}</label>
          <select
            id={id}
            className="studio-inspector__input"
            value={typeof field.defaultValue === 'string' ? field.defaultValue : ''}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) =>
              onChange(event.target.value === '' ? undefined : event.target.value)
            }
          >
            <option value="">{intl.formatMessage({ id: 'studio.editor.inspector.none' })}</option>
            {(field.pickList ?? []).map((entry) => (
              <option key={entry._id} value={entry.value}>
                {textIn(entry.label, locale) || entry.value}
              </option>
            ))}
          </select>
          <ErrorText id={`${id}-error`} message={error} />
        </div>
      );
    case 'number':
    case 'slider':
      return (
        <NumberInput
          label={label}
          value={typeof field.defaultValue === 'number' ? field.defaultValue : undefined}
          error={error}
          onChange={onChange}
        />
      );
    case 'boolean':
      return (
        <div className="studio-inspector__row">
          <label className="studio-inspector__check">
            <input
              type="checkbox"
              checked={field.defaultValue === true}
              onChange={(event) => onChange(event.target.checked ? true : undefined)}
            />
            {intl.formatMessage({ id: 'studio.editor.inspector.defaultChecked' })}
          </label>
          <ErrorText id={`${id}-error`} message={error} />
        </div>
      );
    case 'string':
      return (
        <TextInput
          label={label}
          value={
            typeof field.defaultValue === 'string'
              ? field.defaultValue
              : textIn(field.defaultValue as Record<string, string> | undefined, locale)
          }
          error={error}
          onChange={(text) => onChange(text === '' ? undefined : text)}
        />
      );
    default:
      return null;
  }
}
