import type { FormulaCheck } from '@portal/domain';
import { useIntl } from 'react-intl';

interface FormulaProblemsProps {
  id: string;
  /** null: nothing to say (an empty body). */
  check: FormulaCheck | null;
  labelOf: (id: string) => string;
}

/** What is wrong with a body, named before it is saved; read out as it changes. */
export function FormulaProblems({ id, check, labelOf }: FormulaProblemsProps) {
  const intl = useIntl();
  const problems: string[] = [];
  if (check) {
    if (check.parseError !== null)
      problems.push(
        intl.formatMessage({ id: 'studio.formula.problem.parse' }, { reason: check.parseError }),
      );
    for (const ref of check.unknownReferences)
      problems.push(intl.formatMessage({ id: 'studio.formula.problem.unknown' }, { id: ref.id }));
    for (const ref of check.unusableReferences)
      problems.push(
        intl.formatMessage(
          {
            id:
              ref.use === 'value'
                ? 'studio.formula.problem.noValue'
                : 'studio.formula.problem.noScore',
          },
          { label: labelOf(ref.id) },
        ),
      );
    if (check.cycle)
      problems.push(
        intl.formatMessage(
          { id: 'studio.formula.problem.cycle' },
          { cycle: check.cycle.map(labelOf).join(' → ') },
        ),
      );
  }
  return (
    <div id={id} className="formula-problems" role="status">
      {problems.length > 0 && (
        <ul className="formula-problems__list">
          {problems.map((text) => (
            <li key={text} className="field__error">
              {text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
