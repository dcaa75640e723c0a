import type { ReferableKind, ReferenceUse } from '@portal/domain';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';

/** How the studio names a reference: what kind of thing it reads, and the text of its chip. */
export function useReferenceWording() {
  const intl = useIntl();
  return useMemo(
    () => ({
      kind(kind: ReferableKind, use: ReferenceUse): string {
        if (kind === 'formula') return intl.formatMessage({ id: 'studio.formula.kind.formula' });
        if (kind === 'field' && use === 'value')
          return intl.formatMessage({ id: 'studio.formula.kind.answer' });
        if (kind === 'topic')
          return intl.formatMessage({
            id: use === 'max' ? 'studio.formula.kind.topicMax' : 'studio.formula.kind.topicScore',
          });
        if (kind === 'page')
          return intl.formatMessage({
            id: use === 'max' ? 'studio.formula.kind.pageMax' : 'studio.formula.kind.pageScore',
          });
        return intl.formatMessage({
          id: use === 'max' ? 'studio.formula.kind.fieldMax' : 'studio.formula.kind.fieldScore',
        });
      },
      chip(label: string, use: ReferenceUse): string {
        if (use === 'value') return label;
        return intl.formatMessage(
          { id: use === 'max' ? 'studio.formula.chip.max' : 'studio.formula.chip.score' },
          { label },
        );
      },
      unknown(id: string): string {
        return intl.formatMessage({ id: 'studio.formula.chip.unknown' }, { id });
      },
    }),
    [intl],
  );
}
