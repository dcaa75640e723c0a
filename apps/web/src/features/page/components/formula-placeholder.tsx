import { useId } from 'react';
import { FormattedMessage } from 'react-intl';

/** A formula's name and description; its value is worked out once the workbook is there. */
export function FormulaPlaceholder({
  formula,
}: {
  formula: { name: string; description: string };
}) {
  const nameId = useId();
  return (
    <section className="formula-placeholder" aria-labelledby={nameId}>
      <h2 id={nameId} className="formula-placeholder__name">
        {formula.name}
      </h2>
      {formula.description && (
        <p className="formula-placeholder__description">{formula.description}</p>
      )}
      <p className="formula-placeholder__value">
        <span aria-hidden="true">—</span>{' '}
        <span className="formula-placeholder__note">
          <FormattedMessage id="page.formula.soon" />
        </span>
      </p>
    </section>
  );
}
