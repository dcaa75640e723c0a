import {
  htmlToText,
  localise,
  type Field,
  type FormulaTest,
  type FormulaTestRun,
} from '@portal/domain';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { answerFromInput, answerToInput, withAnswer } from '../lib/test-answers';

interface TestCaseProps {
  index: number;
  test: FormulaTest;
  run: FormulaTestRun;
  /** The fields the formula depends on: one answer input each. */
  fields: readonly Field[];
  locale: string;
  onChange: (test: FormulaTest) => void;
  onRemove: () => void;
}

const fieldLabel = (field: Field, locale: string) =>
  htmlToText(localise(field.question, locale)) || localise(field.name, locale) || field._id;

/** One test case: its name, the answers it gives, what it expects, and whether it passes. */
export function TestCase({ index, test, run, fields, locale, onChange, onRemove }: TestCaseProps) {
  const intl = useIntl();
  const id = useId();
  const number = index + 1;
  const shown = [
    ...fields,
    // Answers to fields the formula no longer reads stay visible, so they can be cleared.
    ...Object.keys(test.answers)
      .filter((fieldId) => !fields.some((f) => f._id === fieldId))
      .map((fieldId): Field => ({ _id: fieldId, name: fieldId, type: 'string' })),
  ];
  return (
    <fieldset className="formula-test">
      <legend className="formula-test__legend">
        {test.name?.trim()
          ? intl.formatMessage(
              { id: 'studio.formula.tests.legendNamed' },
              { number, name: test.name },
            )
          : intl.formatMessage({ id: 'studio.formula.tests.legend' }, { number })}
      </legend>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-name`}>
          <FormattedMessage id="studio.formula.tests.name" />
        </label>
        <input
          id={`${id}-name`}
          className="field__input"
          value={test.name ?? ''}
          maxLength={200}
          onChange={(e) => {
            const { name: _old, ...rest } = test;
            onChange(e.target.value ? { ...rest, name: e.target.value } : rest);
          }}
        />
      </div>
      {shown.length > 0 && (
        <fieldset className="formula-test__answers">
          <legend className="field__label">
            <FormattedMessage id="studio.formula.tests.answers" />
          </legend>
          {shown.map((field) => (
            <AnswerInput
              key={field._id}
              field={field}
              label={fieldLabel(field, locale)}
              locale={locale}
              value={answerToInput(test.answers[field._id])}
              onChange={(text) =>
                onChange({ ...test, answers: withAnswer(test.answers, field, text) })
              }
            />
          ))}
        </fieldset>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-expect`}>
          <FormattedMessage id="studio.formula.tests.expect" />
        </label>
        <input
          id={`${id}-expect`}
          className="field__input"
          value={test.expect}
          maxLength={1_000}
          onChange={(e) => onChange({ ...test, expect: e.target.value })}
        />
      </div>
      <p
        className={
          run.pass
            ? 'formula-test__result formula-test__result--pass'
            : 'formula-test__result formula-test__result--fail'
        }
      >
        {run.pass
          ? intl.formatMessage({ id: 'studio.formula.tests.pass' }, { actual: run.actual })
          : intl.formatMessage({ id: 'studio.formula.tests.fail' }, { actual: run.actual })}
      </p>
      <button type="button" className="button button--danger" onClick={onRemove}>
        {intl.formatMessage({ id: 'studio.formula.tests.remove' }, { number })}
      </button>
    </fieldset>
  );
}

interface AnswerInputProps {
  field: Field;
  label: string;
  locale: string;
  value: string;
  onChange: (text: string) => void;
}

/** An answer of a test: a choice for boxes and pick lists, text otherwise. */
function AnswerInput({ field, label, locale, value, onChange }: AnswerInputProps) {
  const intl = useIntl();
  const id = useId();
  // What the author typed ("1." on the way to "1.5") while it means the stored answer.
  const [typed, setTyped] = useState(value);
  const text = answerToInput(answerFromInput(field, typed)) === value ? typed : value;
  const choices =
    field.type === 'boolean'
      ? [
          { value: 'true', label: intl.formatMessage({ id: 'studio.formula.value.true' }) },
          { value: 'false', label: intl.formatMessage({ id: 'studio.formula.value.false' }) },
        ]
      : field.pickList?.map((p) => ({ value: p.value, label: localise(p.label, locale) }));
  return (
    <div className="field formula-test__answer">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {choices ? (
        <select
          id={id}
          className="field__input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{intl.formatMessage({ id: 'studio.formula.tests.unanswered' })}</option>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          className="field__input"
          value={text}
          inputMode={field.type === 'number' || field.type === 'slider' ? 'decimal' : undefined}
          onChange={(e) => {
            setTyped(e.target.value);
            onChange(e.target.value);
          }}
        />
      )}
    </div>
  );
}
