import type { FormulaCheck } from '@portal/domain';
import type { IntlShape } from 'react-intl';

/**
 * What is wrong with a formula's body or a show condition, in words: the formula editor shows
 * them as the author types, and the publish check list names them again.
 */
export function formulaCheckTexts(
  intl: IntlShape,
  check: FormulaCheck,
  labelOf: (id: string) => string,
): string[] {
  const texts: string[] = [];
  if (check.parseError !== null)
    texts.push(
      intl.formatMessage({ id: 'studio.formula.problem.parse' }, { reason: check.parseError }),
    );
  for (const ref of check.unknownReferences)
    texts.push(intl.formatMessage({ id: 'studio.formula.problem.unknown' }, { id: ref.id }));
  for (const ref of check.unusableReferences)
    texts.push(
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
    texts.push(
      intl.formatMessage(
        { id: 'studio.formula.problem.cycle' },
        { cycle: check.cycle.map(labelOf).join(' → ') },
      ),
    );
  return texts;
}
