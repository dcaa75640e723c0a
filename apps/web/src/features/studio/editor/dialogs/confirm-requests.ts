import type { Field, FieldType } from '@portal/domain';
import type { IntlShape } from 'react-intl';
import { textIn } from '../model/localised';
import type { ConfirmRequest } from './confirm-dialog';

/** "Remove this field?", with how many learners answered it when any did. */
export function removalRequest(
  intl: IntlShape,
  fields: readonly Field[],
  answerCounts: Readonly<Record<string, number>>,
  locale: string,
  fallback: string | undefined,
  onConfirm: () => void,
): ConfirmRequest {
  const answered = fields.reduce((sum, f) => sum + (answerCounts[f._id] ?? 0), 0);
  const names = fields.map((f) => textIn(f.name, locale, fallback) || f._id).join(', ');
  return {
    title: intl.formatMessage({ id: 'studio.editor.remove.title' }, { count: fields.length }),
    body:
      answered > 0
        ? intl.formatMessage({ id: 'studio.editor.remove.withAnswers' }, { names, count: answered })
        : intl.formatMessage({ id: 'studio.editor.remove.body' }, { names }),
    confirmLabel: intl.formatMessage(
      { id: 'studio.editor.remove.confirm' },
      { count: fields.length },
    ),
    onConfirm,
  };
}

/** "Change the type of this field?", with how many learners answered it. */
export function retypeRequest(
  intl: IntlShape,
  field: Field,
  type: FieldType,
  answers: number,
  onConfirm: () => void,
): ConfirmRequest {
  return {
    title: intl.formatMessage({ id: 'studio.editor.retype.title' }),
    body: intl.formatMessage(
      { id: 'studio.editor.retype.body' },
      { count: answers, type: intl.formatMessage({ id: `studio.editor.type.${type}` }) },
    ),
    confirmLabel: intl.formatMessage({ id: 'studio.editor.retype.confirm' }),
    onConfirm,
  };
}
