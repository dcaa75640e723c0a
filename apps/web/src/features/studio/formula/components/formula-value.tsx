import type { FormulaResult } from '@portal/domain';
import { FormattedMessage, useIntl } from 'react-intl';

interface FormulaValueProps {
  /** null: nothing typed yet. */
  result: FormulaResult | null;
  mode: 'formula' | 'condition';
}

/** The body's value against the sample answers, as the author types. */
export function FormulaValue({ result, mode }: FormulaValueProps) {
  const intl = useIntl();
  let text: string | null = null;
  if (result && !result.ok)
    text = intl.formatMessage({ id: 'studio.formula.value.error' }, { reason: result.error });
  else if (result && mode === 'condition') {
    const shown =
      typeof result.value === 'string'
        ? result.value.trim() !== '' && result.value.trim().toLowerCase() !== 'false'
        : Boolean(result.value);
    text = intl.formatMessage({
      id: shown ? 'studio.formula.value.shown' : 'studio.formula.value.hidden',
    });
  } else if (result) {
    const value =
      typeof result.value === 'number'
        ? intl.formatNumber(result.value, { maximumFractionDigits: 2 })
        : typeof result.value === 'boolean'
          ? intl.formatMessage({
              id: result.value ? 'studio.formula.value.true' : 'studio.formula.value.false',
            })
          : result.value;
    text = intl.formatMessage({ id: 'studio.formula.value.is' }, { value });
  }
  return (
    <p className="formula-value" role="status">
      {text ?? <FormattedMessage id="studio.formula.value.empty" />}
    </p>
  );
}
