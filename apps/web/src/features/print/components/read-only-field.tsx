import type { FieldView } from '@portal/domain';
import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SafeHtml } from '../../../components/safe-html';

interface ReadOnlyFieldProps {
  field: FieldView;
  value: unknown;
}

const asText = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'object' ? '' : String(value);

function isFileValue(value: unknown): value is { secure_url?: string; original_filename?: string } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Spec §5: inputs are disabled when read-only (the print view). */
function Answer({ field, value, inputId }: ReadOnlyFieldProps & { inputId: string }) {
  const intl = useIntl();
  switch (field.type) {
    case 'select':
      return (
        <select id={inputId} className="print-field__input" value={asText(value)} disabled>
          <option value="">{intl.formatMessage({ id: 'print.noAnswer' })}</option>
          {field.pickList?.map((entry) => (
            <option key={entry._id} value={entry.value}>
              {entry.label}
            </option>
          ))}
        </select>
      );
    case 'radio':
      return (
        <ul className="print-field__choices">
          {field.pickList?.map((entry) => (
            <li key={entry._id}>
              <label className="print-field__choice">
                <input
                  type="radio"
                  name={inputId}
                  value={entry.value}
                  checked={asText(value) === entry.value}
                  disabled
                  readOnly
                />
                {entry.label}
              </label>
            </li>
          ))}
        </ul>
      );
    case 'boolean':
      return (
        <ul className="print-field__choices print-field__choices--inline">
          {[true, false].map((choice) => (
            <li key={String(choice)}>
              <label className="print-field__choice">
                <input
                  type="radio"
                  name={inputId}
                  checked={value === choice || asText(value) === String(choice)}
                  disabled
                  readOnly
                />
                <FormattedMessage id={choice ? 'print.yes' : 'print.no'} />
              </label>
            </li>
          ))}
        </ul>
      );
    case 'slider':
      return (
        <span className="print-field__slider">
          <input
            id={inputId}
            type="range"
            min={field.minValue ?? 0}
            max={field.maxValue ?? 10}
            value={asText(value) || String(field.minValue ?? 0)}
            disabled
            readOnly
          />
          <output htmlFor={inputId}>{asText(value) || '–'}</output>
        </span>
      );
    case 'table':
      return <ReadOnlyTable field={field} value={value} />;
    case 'file':
      return (
        <p className="print-field__file">
          {isFileValue(value) && value.original_filename ? (
            <FormattedMessage id="print.file" values={{ name: value.original_filename }} />
          ) : (
            <FormattedMessage id="print.noAnswer" />
          )}
        </p>
      );
    case 'string':
      return (field.height ?? 1) > 1 ? (
        <textarea
          id={inputId}
          className="print-field__input"
          rows={field.height}
          value={asText(value)}
          disabled
          readOnly
        />
      ) : (
        <input
          id={inputId}
          className="print-field__input"
          type="text"
          value={asText(value)}
          disabled
          readOnly
        />
      );
    case 'number':
      return (
        <input
          id={inputId}
          className="print-field__input"
          type="text"
          inputMode="decimal"
          value={asText(value)}
          disabled
          readOnly
        />
      );
  }
}

function ReadOnlyTable({ field, value }: ReadOnlyFieldProps) {
  const rows = Array.isArray(value) ? (value as unknown[]) : [];
  const rowCount = Math.max(field.rowCount ?? 0, rows.length);
  const columnCount = field.columnCount ?? 0;
  return (
    <table className="print-field__table">
      <tbody>
        {Array.from({ length: rowCount }, (_, r) => {
          const row = Array.isArray(rows[r]) ? (rows[r] as unknown[]) : [];
          return (
            <tr key={r}>
              {Array.from({ length: Math.max(columnCount, row.length) }, (_, c) => (
                <td key={c}>
                  <input
                    className="print-field__cell"
                    type="text"
                    aria-label={`${field.name} ${r + 1}, ${c + 1}`}
                    value={asText(row[c])}
                    disabled
                    readOnly
                  />
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** One field with its name, question and the learner's answer, every input disabled. */
export function ReadOnlyField({ field, value }: ReadOnlyFieldProps) {
  const inputId = useId();
  const grouped = field.type === 'radio' || field.type === 'boolean' || field.type === 'table';
  const labelled: ReactNode = <span className="print-field__name">{field.name}</span>;
  const question = field.question ? (
    <SafeHtml className="prose print-field__question" html={field.question} />
  ) : null;
  if (grouped) {
    return (
      <fieldset className="print-field" disabled>
        <legend className="print-field__legend">{labelled}</legend>
        {question}
        <Answer field={field} value={value} inputId={inputId} />
      </fieldset>
    );
  }
  return (
    <div className="print-field">
      {field.type === 'file' ? (
        <p className="print-field__legend">{labelled}</p>
      ) : (
        <label className="print-field__legend" htmlFor={inputId}>
          {labelled}
        </label>
      )}
      {question}
      <Answer field={field} value={value} inputId={inputId} />
    </div>
  );
}
