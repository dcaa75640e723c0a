import {
  checkFormulaBody,
  evaluateWithAnswers,
  referableThings,
  topicFormulaBodies,
  type FormulaTest,
  type ReferenceUse,
  type SampleAnswers,
  type Topic,
} from '@portal/domain';
import { useCallback, useId, useMemo, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import '../formula.css';
import { completionOptions } from '../lib/completion';
import { parseFormulaHtml } from '../lib/formula-html';
import { FormulaInput } from './formula-input';
import { FormulaProblems } from './formula-problems';
import { FormulaTestCases } from './formula-test-cases';
import { FormulaValue } from './formula-value';
import { useReferenceWording } from './reference-wording';

export interface FormulaEditorProps {
  /** The body: text with `<span data-ref="ID" data-use="…"></span>` references. */
  value: string;
  onChange: (body: string) => void;
  /** The topic being edited (content-pack shape, the draft): what references may name. */
  topic: Topic;
  /** The locale of the chips' and the completion's labels. */
  locale: string;
  /** Answers by field id the value is shown against as the author types. */
  sampleAnswers?: SampleAnswers;
  /** The id of the formula being edited, so its own changes count in loops and values. */
  formulaId?: string;
  /** The general topic, whose fields formulas may read, and its sample answers. */
  general?: Topic | null;
  generalAnswers?: SampleAnswers;
  /** The visible label; "Formula" when left out. */
  label?: ReactNode;
  /** `condition`: the value reads as shown or hidden (a show condition). */
  mode?: 'formula' | 'condition';
  /** The author's test cases; the list shows when `onTestsChange` is given. */
  tests?: readonly FormulaTest[];
  onTestsChange?: (tests: FormulaTest[]) => void;
}

/**
 * The studio's formula editor: completion of references as the author types, chips that read
 * as the fields' questions, the value against sample answers, problems (unknown references,
 * loops, a body that does not parse) named before saving, and the formula's test cases.
 */
export function FormulaEditor({
  value,
  onChange,
  topic,
  locale,
  sampleAnswers,
  formulaId,
  general,
  generalAnswers,
  label,
  mode = 'formula',
  tests,
  onTestsChange,
}: FormulaEditorProps) {
  const intl = useIntl();
  const wording = useReferenceWording();
  const labelId = useId();
  const hintId = useId();
  const problemsId = useId();
  const referables = useMemo(
    () => referableThings(topic, locale, { general }),
    [topic, locale, general],
  );
  const byId = useMemo(() => new Map(referables.map((r) => [r.id, r])), [referables]);
  const options = useMemo(() => completionOptions(referables), [referables]);
  const formulas = useMemo(() => topicFormulaBodies(topic), [topic]);
  const check = useMemo(
    () =>
      checkFormulaBody(value, referables, formulas, formulaId === undefined ? {} : { formulaId }),
    [value, referables, formulas, formulaId],
  );
  const isEmpty = useMemo(
    () => parseFormulaHtml(value).every((s) => s.type === 'text' && s.text.trim() === ''),
    [value],
  );
  const result = useMemo(
    () =>
      evaluateWithAnswers(topic, value, sampleAnswers ?? {}, {
        ...(formulaId !== undefined && { formulaId }),
        ...(generalAnswers && { generalAnswers }),
      }),
    [topic, value, sampleAnswers, formulaId, generalAnswers],
  );
  const chipText = useCallback(
    (id: string, use: ReferenceUse) => {
      const target = byId.get(id);
      if (!target) return { text: wording.unknown(id), isProblem: true };
      return { text: wording.chip(target.label, use), isProblem: !target.uses.includes(use) };
    },
    [byId, wording],
  );
  const hasProblem =
    !isEmpty &&
    (check.parseError !== null ||
      check.cycle !== null ||
      check.unknownReferences.length > 0 ||
      check.unusableReferences.length > 0);

  return (
    <div className="formula-editor">
      <span id={labelId} className="formula-editor__label">
        {label ?? intl.formatMessage({ id: 'studio.formula.label' })}
      </span>
      <p id={hintId} className="field__hint">
        <FormattedMessage id="studio.formula.hint" />
      </p>
      <FormulaInput
        value={value}
        onChange={onChange}
        options={options}
        chipText={chipText}
        labelledBy={labelId}
        describedBy={hasProblem ? `${hintId} ${problemsId}` : hintId}
        isInvalid={hasProblem}
      />
      <FormulaProblems
        id={problemsId}
        check={isEmpty ? null : check}
        labelOf={(id) => byId.get(id)?.label ?? id}
      />
      <FormulaValue result={isEmpty ? null : result} mode={mode} />
      {onTestsChange && (
        <FormulaTestCases
          topic={topic}
          body={value}
          tests={tests ?? []}
          onChange={onTestsChange}
          {...(formulaId !== undefined && { formulaId })}
          {...(generalAnswers && { generalAnswers })}
          locale={locale}
        />
      )}
    </div>
  );
}
