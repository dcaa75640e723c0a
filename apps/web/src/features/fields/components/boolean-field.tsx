import { useIntl } from 'react-intl';
import {
  describedBy,
  FieldBlock,
  FieldQuestion,
  PrintedAnswer,
  useFieldIds,
  type FieldControlProps,
} from './field-parts';

/** Yes or no: a checkbox labelled with the field's name; saved at once. */
export function BooleanField({ field, value, onChange, readOnly }: FieldControlProps) {
  const intl = useIntl();
  const ids = useFieldIds();
  return (
    <FieldBlock field={field}>
      <FieldQuestion id={ids.help} field={field} />
      <div className="field-block__check">
        <input
          id={ids.input}
          type="checkbox"
          checked={value === true}
          disabled={readOnly}
          aria-describedby={describedBy(field.question && ids.help)}
          onChange={(event) => onChange(event.target.checked, { save: true })}
        />
        <label id={ids.label} className="field-block__label" htmlFor={ids.input}>
          {field.name}
        </label>
      </div>
      <PrintedAnswer
        text={intl.formatMessage({ id: value === true ? 'print.answer.yes' : 'print.answer.no' })}
      />
    </FieldBlock>
  );
}
