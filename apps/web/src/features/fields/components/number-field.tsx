import { useState } from 'react';
import { useIntl } from 'react-intl';
import {
  formatNumberInput,
  parseNumberInput,
  rangeProblem,
  type NumberInput,
} from '../lib/number-input';
import {
  describedBy,
  FieldBlock,
  FieldError,
  FieldQuestion,
  PrintedAnswer,
  useFieldIds,
  type FieldControlProps,
} from './field-parts';

type Problem = 'invalid' | 'below' | 'above' | null;

function problemOf(input: NumberInput, min?: number, max?: number, isFinal = false): Problem {
  if (input.kind === 'invalid' || (isFinal && input.kind === 'incomplete')) return 'invalid';
  if (input.kind === 'number') return rangeProblem(input.value, min, max);
  return null;
}

/**
 * A number (docs/product-spec.md §5: min and max): typed as text with a decimal keyboard, read with either
 * decimal separator. A valid number applies at once (formulas follow) and is saved on blur;
 * what is not a number, or is out of range, is shown as an error and not kept.
 */
export function NumberField({ field, value, onChange, onCommit, readOnly }: FieldControlProps) {
  const intl = useIntl();
  const ids = useFieldIds();
  const [draft, setDraft] = useState(() => formatNumberInput(value, intl.locale));
  const [shown, setShown] = useState(value);
  const [isFocused, setFocused] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);

  // An answer changed elsewhere (another worksheet, another device) replaces what is shown.
  if (!Object.is(shown, value)) {
    setShown(value);
    if (!isFocused) {
      setDraft(formatNumberInput(value, intl.locale));
      setProblem(null);
    }
  }

  const { minValue: min, maxValue: max } = field;
  const bounds = {
    min: min === undefined ? '' : intl.formatNumber(min),
    max: max === undefined ? '' : intl.formatNumber(max),
  };

  function handleChange(text: string) {
    setDraft(text);
    const input = parseNumberInput(text);
    const found = problemOf(input, min, max);
    setProblem(found);
    if (found) return;
    if (input.kind === 'number') onChange(input.value);
    else if (input.kind === 'empty') onChange(null);
  }

  function handleBlur() {
    setFocused(false);
    setProblem(problemOf(parseNumberInput(draft), min, max, true));
    onCommit();
  }

  const message =
    problem === 'invalid'
      ? intl.formatMessage({ id: 'fields.number.invalid' })
      : problem === 'below'
        ? intl.formatMessage(
            { id: max === undefined ? 'fields.number.atLeast' : 'fields.number.between' },
            bounds,
          )
        : problem === 'above'
          ? intl.formatMessage(
              { id: min === undefined ? 'fields.number.atMost' : 'fields.number.between' },
              bounds,
            )
          : null;

  return (
    <FieldBlock field={field}>
      <label id={ids.label} className="field-block__label" htmlFor={ids.input}>
        {field.name}
      </label>
      <FieldQuestion id={ids.help} field={field} />
      <input
        id={ids.input}
        className="field__input field-block__number"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={draft}
        disabled={readOnly}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(field.question && ids.help, message && ids.error)}
        onFocus={() => setFocused(true)}
        onChange={(event) => handleChange(event.target.value)}
        onBlur={handleBlur}
      />
      <FieldError id={ids.error} message={message} />
      <PrintedAnswer
        text={typeof value === 'number' && Number.isFinite(value) ? intl.formatNumber(value) : null}
      />
    </FieldBlock>
  );
}
