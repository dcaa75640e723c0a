import { useId } from 'react';
import {
  describedBy,
  FieldBlock,
  FieldQuestion,
  PrintedAnswer,
  useFieldIds,
  type FieldControlProps,
} from './field-parts';

/** One answer among a few (a radio group: arrow keys move the choice); saved at once. */
export function RadioField({ field, value, onChange, readOnly }: FieldControlProps) {
  const ids = useFieldIds();
  const name = useId();
  const chosen = (field.pickList ?? []).find((entry) => entry.value === value);
  return (
    <FieldBlock field={field}>
      <fieldset
        className="field-block__fieldset"
        aria-describedby={describedBy(field.question && ids.help)}
        disabled={readOnly}
      >
        <legend className="field-block__label">{field.name}</legend>
        <FieldQuestion id={ids.help} field={field} />
        <div className="field-block__choices">
          {(field.pickList ?? []).map((entry) => (
            <label key={entry._id} className="field-block__choice">
              <input
                type="radio"
                name={name}
                value={entry.value}
                checked={value === entry.value}
                onChange={() => onChange(entry.value, { save: true })}
              />
              <span>{entry.label}</span>
            </label>
          ))}
        </div>
        <PrintedAnswer text={chosen?.label ?? null} />
      </fieldset>
    </FieldBlock>
  );
}
