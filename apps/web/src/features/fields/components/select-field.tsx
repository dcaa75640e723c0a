import { useIntl } from 'react-intl';
import {
  describedBy,
  FieldBlock,
  FieldQuestion,
  PrintedAnswer,
  useFieldIds,
  type FieldControlProps,
} from './field-parts';

/** A list to choose from; saved at once. The empty "Select a value" only without a default (docs/product-spec.md §5). */
export function SelectField({ field, value, onChange, readOnly }: FieldControlProps) {
  const intl = useIntl();
  const ids = useFieldIds();
  const hasDefault = field.defaultValue !== undefined;
  const fallback = typeof field.defaultValue === 'string' ? field.defaultValue : '';
  const selected = typeof value === 'string' ? value : fallback;
  const chosen = (field.pickList ?? []).find((entry) => entry.value === selected);
  return (
    <FieldBlock field={field}>
      <label id={ids.label} className="field-block__label" htmlFor={ids.input}>
        {field.name}
      </label>
      <FieldQuestion id={ids.help} field={field} />
      <select
        id={ids.input}
        className="field__input field-block__select"
        value={selected}
        disabled={readOnly}
        aria-describedby={describedBy(field.question && ids.help)}
        onChange={(event) => onChange(event.target.value || null, { save: true })}
      >
        {!hasDefault && (
          <option value="">{intl.formatMessage({ id: 'fields.select.empty' })}</option>
        )}
        {(field.pickList ?? []).map((entry) => (
          <option key={entry._id} value={entry.value}>
            {entry.label}
          </option>
        ))}
      </select>
      <PrintedAnswer text={chosen?.label ?? null} />
    </FieldBlock>
  );
}
