import { formatLocaleNumber } from '@portal/domain';
import { useLayoutEffect, useRef, useState, type FocusEvent } from 'react';
import { useIntl } from 'react-intl';
import { parseNumberInput, rangeProblem, type NumberInput } from '../lib/number-input';
import {
  describedBy,
  FieldBlock,
  FieldError,
  FieldQuestion,
  PrintedAnswer,
  useFieldIds,
  type FieldControlProps,
} from './field-parts';

type Problem = 'malformed' | 'ambiguous' | 'below' | 'above' | null;

function problemOf(input: NumberInput, min?: number, max?: number, isFinal = false): Problem {
  if (input.kind === 'invalid' || (isFinal && input.kind === 'incomplete')) return input.error;
  if (input.kind === 'number') return rangeProblem(input.value, min, max);
  return null;
}

function messageOf(problem: NonNullable<Problem>, min?: number, max?: number) {
  if (problem === 'malformed') return { id: 'fields.number.invalid' } as const;
  if (problem === 'ambiguous') return { id: 'fields.number.ambiguous' } as const;
  if (min !== undefined && max !== undefined) return { id: 'fields.number.between' } as const;
  return { id: problem === 'below' ? 'fields.number.atLeast' : 'fields.number.atMost' } as const;
}

/**
 * A number (docs/product-spec.md §5: min and max), typed as text with a decimal keyboard and read
 * as people write numbers in the interface locale ("1,500.25" in en-US, "1 500,25" in fr-CA;
 * issue 24, point 2). A valid number applies at once (formulas follow) and is saved on blur,
 * when the field shows it formatted in the locale. What is not a number, is ambiguous ("1,5" in
 * en-US) or is out of range is shown as an error, and the answer stays what it was before the
 * field was entered: nothing of it is saved.
 */
export function NumberField({ field, value, onChange, onCommit, readOnly }: FieldControlProps) {
  const intl = useIntl();
  const { locale } = intl;
  const ids = useFieldIds();
  const [draft, setDraft] = useState(() => formatLocaleNumber(value, locale));
  const [shown, setShown] = useState({ value, locale });
  const [isFocused, setFocused] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  // The answer when the field was entered, and the one last applied while typing.
  const atFocus = useRef<unknown>(value);
  const applied = useRef<unknown>(value);
  // Entered by Tab, all the text is selected: it stays so once shown without grouping, so that
  // what is typed replaces the number rather than adding to it.
  const input = useRef<HTMLInputElement>(null);
  const reselect = useRef(false);
  useLayoutEffect(() => {
    if (!reselect.current) return;
    reselect.current = false;
    input.current?.select();
  }, [draft]);

  // An answer changed elsewhere (another worksheet, another device) or another interface locale
  // replaces what is shown, unless the learner is typing.
  if (!Object.is(shown.value, value) || shown.locale !== locale) {
    setShown({ value, locale });
    if (!isFocused) {
      setDraft(formatLocaleNumber(value, locale));
      setProblem(null);
    }
  }

  const { minValue: min, maxValue: max } = field;
  const bounds = {
    min: min === undefined ? '' : intl.formatNumber(min),
    max: max === undefined ? '' : intl.formatNumber(max),
  };

  function startEditing() {
    setFocused(true);
    atFocus.current = value;
    applied.current = value;
  }

  function handleFocus(event: FocusEvent<HTMLInputElement>) {
    startEditing();
    // Edited without grouping, so that a digit added anywhere keeps it a number ("1,500" → "1500").
    const parsed = parseNumberInput(draft, locale);
    if (parsed.kind !== 'number' || problem) return;
    const ungrouped = formatLocaleNumber(parsed.value, locale, { useGrouping: false });
    if (ungrouped === draft) return;
    const { selectionStart, selectionEnd, value: text } = event.currentTarget;
    reselect.current = text.length > 0 && selectionStart === 0 && selectionEnd === text.length;
    setDraft(ungrouped);
  }

  function apply(next: unknown) {
    if (Object.is(next, applied.current)) return;
    applied.current = next;
    onChange(next);
  }

  function handleChange(text: string) {
    if (!isFocused) startEditing();
    setDraft(text);
    const input = parseNumberInput(text, locale);
    const found = problemOf(input, min, max);
    setProblem(found);
    if (input.kind === 'number' && !found) apply(input.value);
    else if (input.kind === 'empty') apply(null);
    // Half a number, or a wrong one: the answer is the one before the field was entered.
    else apply(atFocus.current);
  }

  function handleBlur() {
    setFocused(false);
    const input = parseNumberInput(draft, locale);
    const found = problemOf(input, min, max, true);
    setProblem(found);
    if (input.kind === 'number' && !found) setDraft(formatLocaleNumber(input.value, locale));
    onCommit();
  }

  const message = problem && intl.formatMessage(messageOf(problem, min, max), bounds);

  return (
    <FieldBlock field={field}>
      <label id={ids.label} className="field-block__label" htmlFor={ids.input}>
        {field.name}
      </label>
      <FieldQuestion id={ids.help} field={field} />
      <input
        ref={input}
        id={ids.input}
        className="field__input field-block__number"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={draft}
        disabled={readOnly}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(field.question && ids.help, message && ids.error)}
        onFocus={handleFocus}
        onChange={(event) => handleChange(event.target.value)}
        onBlur={handleBlur}
      />
      <FieldError id={ids.error} message={message} />
      <PrintedAnswer text={formatLocaleNumber(value, locale) || null} />
    </FieldBlock>
  );
}
