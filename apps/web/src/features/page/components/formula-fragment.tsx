import { FORMULA_ERROR_PREFIX } from '@portal/domain';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';

interface FormulaFragmentProps {
  formula: { _id: string; name: string; description: string };
  /**
   * Its result in its format (rounded to 2 decimals), or 'Error processing formula: …'; null
   * while none of the answers it reads exists (a made-up 0 until then).
   */
  text: string | null;
}

/** A formula fragment: its name, description and live result, or a placeholder until it has one. */
export function FormulaFragment({ formula, text }: FormulaFragmentProps) {
  const nameId = useId();
  const isError = text?.startsWith(FORMULA_ERROR_PREFIX) ?? false;
  const modifier =
    text === null ? ' formula__value--pending' : isError ? ' formula__value--error' : '';
  return (
    <div className="formula" role="group" aria-labelledby={nameId}>
      <p id={nameId} className="formula__name">
        {formula.name}
      </p>
      {formula.description && <p className="formula__description">{formula.description}</p>}
      <p className={`formula__value${modifier}`} data-formula={formula._id}>
        {text ?? <FormattedMessage id="page.formula.pending" />}
      </p>
    </div>
  );
}
