import type { FormulaCheck } from '@portal/domain';
import { useIntl } from 'react-intl';
import { formulaCheckTexts } from '../lib/formula-check-texts';

interface FormulaProblemsProps {
  id: string;
  /** null: nothing to say (an empty body). */
  check: FormulaCheck | null;
  labelOf: (id: string) => string;
}

/** What is wrong with a body, named before it is saved; read out as it changes. */
export function FormulaProblems({ id, check, labelOf }: FormulaProblemsProps) {
  const intl = useIntl();
  const problems = check ? formulaCheckTexts(intl, check, labelOf) : [];
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
