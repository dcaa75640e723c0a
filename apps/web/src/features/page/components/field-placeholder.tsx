import type { FieldView } from '@portal/domain';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { SafeHtml } from '../../../components/safe-html';

const TYPE_LABELS = {
  select: 'page.field.type.select',
  number: 'page.field.type.number',
  string: 'page.field.type.string',
  boolean: 'page.field.type.boolean',
  radio: 'page.field.type.radio',
  slider: 'page.field.type.slider',
  table: 'page.field.type.table',
  file: 'page.field.type.file',
} as const;

/**
 * A field, read-only: its name, question and kind of answer. The inputs themselves come with
 * the workbook, which keeps the answers.
 */
export function FieldPlaceholder({ field }: { field: FieldView }) {
  const nameId = useId();
  return (
    <section className="field-placeholder" aria-labelledby={nameId}>
      <div className="field-placeholder__head">
        <h2 id={nameId} className="field-placeholder__name">
          {field.name}
        </h2>
        <span className="field-placeholder__type">
          <FormattedMessage id={TYPE_LABELS[field.type]} />
        </span>
      </div>
      {field.question && (
        <SafeHtml className="prose field-placeholder__question" html={field.question} />
      )}
      <p className="field-placeholder__note">
        <FormattedMessage id="page.field.soon" />
      </p>
    </section>
  );
}
