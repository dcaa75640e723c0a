import {
  formulaInputFields,
  runBodyTests,
  type FormulaTest,
  type SampleAnswers,
  type Topic,
} from '@portal/domain';
import { useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TestCase } from './test-case';

interface FormulaTestCasesProps {
  topic: Topic;
  body: string;
  tests: readonly FormulaTest[];
  onChange: (tests: FormulaTest[]) => void;
  formulaId?: string;
  generalAnswers?: SampleAnswers;
  locale: string;
}

/** A formula's test cases ("with these answers, expect 42"): add, edit, remove, run. */
export function FormulaTestCases({
  topic,
  body,
  tests,
  onChange,
  formulaId,
  generalAnswers,
  locale,
}: FormulaTestCasesProps) {
  const intl = useIntl();
  const headingId = useId();
  const [announcement, setAnnouncement] = useState('');
  const fields = useMemo(
    () => formulaInputFields(topic, body, formulaId === undefined ? {} : { formulaId }),
    [topic, body, formulaId],
  );
  const runs = useMemo(
    () =>
      runBodyTests(topic, body, tests, {
        ...(formulaId !== undefined && { formulaId }),
        ...(generalAnswers && { generalAnswers }),
      }),
    [topic, body, tests, formulaId, generalAnswers],
  );
  const passed = runs.filter((r) => r.pass).length;

  const replace = (index: number, test: FormulaTest) =>
    onChange(tests.map((t, i) => (i === index ? test : t)));

  return (
    <section className="formula-tests" aria-labelledby={headingId}>
      <h3 id={headingId} className="formula-tests__title">
        <FormattedMessage id="studio.formula.tests.title" />
      </h3>
      {tests.length === 0 ? (
        <p className="field__hint">
          <FormattedMessage id="studio.formula.tests.empty" />
        </p>
      ) : (
        <ol className="formula-tests__list">
          {tests.map((test, index) => (
            <li key={index} className="formula-tests__item">
              <TestCase
                index={index}
                test={test}
                run={runs[index]!}
                fields={fields}
                locale={locale}
                onChange={(next) => replace(index, next)}
                onRemove={() => {
                  onChange(tests.filter((_, i) => i !== index));
                  setAnnouncement(
                    intl.formatMessage(
                      { id: 'studio.formula.tests.removed' },
                      { number: index + 1 },
                    ),
                  );
                }}
              />
            </li>
          ))}
        </ol>
      )}
      <div className="formula-tests__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            onChange([...tests, { answers: {}, expect: '' }]);
            setAnnouncement(
              intl.formatMessage(
                { id: 'studio.formula.tests.added' },
                { number: tests.length + 1 },
              ),
            );
          }}
        >
          <FormattedMessage id="studio.formula.tests.add" />
        </button>
        {tests.length > 0 && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() =>
              setAnnouncement(
                intl.formatMessage(
                  { id: 'studio.formula.tests.summary' },
                  { passed, total: runs.length },
                ),
              )
            }
          >
            <FormattedMessage id="studio.formula.tests.run" />
          </button>
        )}
      </div>
      <p className="formula-tests__summary" role="status">
        {announcement}
      </p>
    </section>
  );
}
