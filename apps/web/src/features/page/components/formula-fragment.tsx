import { FORMULA_ERROR_PREFIX } from '@portal/domain';
import { useId } from 'react';

interface FormulaFragmentProps {
  formula: { _id: string; name: string; description: string };
  /** Its result: rounded to 2 decimals, or 'Error processing formula: …'. */
  text: string;
}

/** A formula fragment: its name, description and live result. */
export function FormulaFragment({ formula, text }: FormulaFragmentProps) {
  const nameId = useId();
  const isError = text.startsWith(FORMULA_ERROR_PREFIX);
  return (
    <div className="formula" role="group" aria-labelledby={nameId}>
      <p id={nameId} className="formula__name">
        {formula.name}
      </p>
      {formula.description && <p className="formula__description">{formula.description}</p>}
      <p
        className={`formula__value${isError ? ' formula__value--error' : ''}`}
        data-formula={formula._id}
      >
        {text}
      </p>
    </div>
  );
}
