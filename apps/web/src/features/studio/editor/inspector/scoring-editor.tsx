import type { Field } from '@portal/domain';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { textIn } from '../model/localised';
import { ErrorText, NumberInput } from './inputs';

interface ScoringEditorProps {
  field: Field;
  locale: string;
  errors: Map<string, string>;
  onChange: (field: Field) => void;
}

const listOf = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const fromList = (values: unknown[]) =>
  values.length === 0 ? undefined : values.length === 1 ? values[0] : values;

function without<K extends keyof Field>(field: Field, key: K, value: Field[K] | undefined): Field {
  const next = { ...field };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/** Weight, the correct value or accepted values, and a number's tolerance. */
export function ScoringEditor({ field, locale, errors, onChange }: ScoringEditorProps) {
  const intl = useIntl();
  const id = useId();
  const accepted = listOf(field.correctValue);
  const [numbersText, setNumbersText] = useState(accepted.join('; '));
  const [numbersError, setNumbersError] = useState<string | undefined>(undefined);
  const correctError = errors.get('correctValue');
  const isNumeric = field.type === 'number' || field.type === 'slider';
  return (
    <fieldset className="studio-inspector__group">
      <legend>{intl.formatMessage({ id: 'studio.editor.inspector.scoring' })}</legend>
      <NumberInput
        label={intl.formatMessage({ id: 'studio.editor.inspector.weight' })}
        value={field.scoreWeight}
        error={errors.get('scoreWeight')}
        onChange={(n) => onChange(without(field, 'scoreWeight', n))}
      />
      {(field.type === 'select' || field.type === 'radio') && (
        <fieldset
          className="studio-inspector__group"
          aria-describedby={correctError ? `${id}-error` : undefined}
        >
          <legend>{intl.formatMessage({ id: 'studio.editor.inspector.accepted' })}</legend>
          {(field.pickList ?? []).map((entry) => (
            <label key={entry._id} className="studio-inspector__check">
              <input
                type="checkbox"
                checked={accepted.includes(entry.value)}
                onChange={(event) => {
                  const values = event.target.checked
                    ? [...accepted, entry.value]
                    : accepted.filter((v) => v !== entry.value);
                  onChange(without(field, 'correctValue', fromList(values)));
                }}
              />
              {textIn(entry.label, locale) || entry.value}
            </label>
          ))}
          <ErrorText id={`${id}-error`} message={correctError} />
        </fieldset>
      )}
      {field.type === 'boolean' && (
        <div className="studio-inspector__row">
          <label htmlFor={`${id}-bool`}>
            {intl.formatMessage({ id: 'studio.editor.inspector.correct' })}
          </label>
          <select
            id={`${id}-bool`}
            className="studio-inspector__input"
            value={field.correctValue === undefined ? '' : String(field.correctValue)}
            aria-describedby={correctError ? `${id}-error` : undefined}
            onChange={(event) =>
              onChange(
                without(
                  field,
                  'correctValue',
                  event.target.value === '' ? undefined : event.target.value === 'true',
                ),
              )
            }
          >
            <option value="">{intl.formatMessage({ id: 'studio.editor.inspector.none' })}</option>
            <option value="true">
              {intl.formatMessage({ id: 'studio.editor.inspector.checked' })}
            </option>
            <option value="false">
              {intl.formatMessage({ id: 'studio.editor.inspector.unchecked' })}
            </option>
          </select>
          <ErrorText id={`${id}-error`} message={correctError} />
        </div>
      )}
      {isNumeric && (
        <div className="studio-inspector__row">
          <label htmlFor={`${id}-numbers`}>
            {intl.formatMessage({ id: 'studio.editor.inspector.acceptedNumbers' })}
          </label>
          <input
            id={`${id}-numbers`}
            className="studio-inspector__input"
            value={numbersText}
            aria-invalid={numbersError || correctError ? true : undefined}
            aria-describedby={numbersError || correctError ? `${id}-error` : undefined}
            onChange={(event) => {
              setNumbersText(event.target.value);
              const parts = event.target.value
                .split(';')
                .map((p) => p.trim())
                .filter(Boolean);
              const numbers = parts.map((p) => Number(p.replace(',', '.')));
              if (numbers.some((n) => !Number.isFinite(n))) {
                setNumbersError(intl.formatMessage({ id: 'studio.editor.inspector.notNumber' }));
                return;
              }
              setNumbersError(undefined);
              onChange(without(field, 'correctValue', fromList(numbers)));
            }}
          />
          <ErrorText id={`${id}-error`} message={numbersError ?? correctError} />
        </div>
      )}
      {isNumeric && (
        <NumberInput
          label={intl.formatMessage({ id: 'studio.editor.inspector.tolerance' })}
          value={field.tolerance}
          error={errors.get('tolerance')}
          onChange={(n) => onChange(without(field, 'tolerance', n))}
        />
      )}
      {field.type === 'string' && (
        <div className="studio-inspector__row">
          <label htmlFor={`${id}-strings`}>
            {intl.formatMessage({ id: 'studio.editor.inspector.acceptedTexts' })}
          </label>
          <textarea
            id={`${id}-strings`}
            className="studio-inspector__input"
            rows={3}
            value={accepted.map(String).join('\n')}
            aria-describedby={correctError ? `${id}-error` : undefined}
            onChange={(event) =>
              onChange(
                without(
                  field,
                  'correctValue',
                  fromList(event.target.value.split('\n').filter((line) => line !== '')),
                ),
              )
            }
          />
          <ErrorText id={`${id}-error`} message={correctError} />
        </div>
      )}
    </fieldset>
  );
}
