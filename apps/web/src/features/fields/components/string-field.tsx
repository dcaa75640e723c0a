import {
  describedBy,
  FieldBlock,
  FieldQuestion,
  PrintedAnswer,
  useFieldIds,
  type FieldControlProps,
} from './field-parts';

/** Text: several lines when the field has a height above 1 (its rows), else one; saved on blur. */
export function StringField({ field, value, onChange, onCommit, readOnly }: FieldControlProps) {
  const ids = useFieldIds();
  const text = typeof value === 'string' ? value : '';
  const isMultiline = (field.height ?? 1) > 1;
  const common = {
    id: ids.input,
    className: 'field__input field-block__text',
    value: text,
    disabled: readOnly,
    'aria-describedby': describedBy(field.question && ids.help),
    onBlur: onCommit,
  };
  return (
    <FieldBlock field={field}>
      <label id={ids.label} className="field-block__label" htmlFor={ids.input}>
        {field.name}
      </label>
      <FieldQuestion id={ids.help} field={field} />
      {isMultiline ? (
        <textarea
          {...common}
          rows={field.height}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input {...common} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
      <PrintedAnswer text={text} />
    </FieldBlock>
  );
}
