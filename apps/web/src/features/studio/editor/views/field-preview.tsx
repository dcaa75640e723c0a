import type { Field, GlossaryEntry } from '@portal/domain';
import { useIntl } from 'react-intl';
import { GlossaryHtml } from '../../../../components/glossary-html';
import { textIn } from '../model/localised';

interface FieldPreviewProps {
  field: Field;
  locale: string;
  glossary: readonly GlossaryEntry[];
}

const SLIDER_MIN = 0;
const SLIDER_MAX = 10;

/**
 * A field as learners see it on the page (features/fields draws the real one; features never
 * import each other, so this is a read-only lookalike with the same frame and parts), with its
 * default in place, and a line on how it is scored.
 */
export function FieldPreview({ field, locale, glossary }: FieldPreviewProps) {
  const intl = useIntl();
  const name = textIn(field.name, locale);
  const question = textIn(field.question, locale);
  const defaultText =
    field.defaultValue === undefined || field.defaultValue === null
      ? ''
      : typeof field.defaultValue === 'object' && !Array.isArray(field.defaultValue)
        ? textIn(field.defaultValue as Record<string, string>, locale)
        : String(field.defaultValue);
  const label = <p className="studio-field__label">{name}</p>;
  const questionBlock = question ? (
    <div className="studio-field__question">
      <GlossaryHtml className="prose" html={question} glossary={glossary} />
    </div>
  ) : null;
  return (
    <div className={`studio-field studio-field--${field.type}`}>
      {field.type !== 'boolean' && label}
      {questionBlock}
      <FieldControlPreview field={field} locale={locale} defaultText={defaultText} name={name} />
      {field.scoreWeight !== undefined && field.scoreWeight > 0 && (
        <p className="studio-field__scoring">
          {intl.formatMessage(
            { id: 'studio.editor.scoring.summary' },
            { weight: field.scoreWeight },
          )}
          {field.correctValue !== undefined &&
            ` · ${intl.formatMessage(
              { id: 'studio.editor.scoring.correct' },
              {
                value: (Array.isArray(field.correctValue)
                  ? field.correctValue
                  : [field.correctValue]
                )
                  .map((v) => String(v))
                  .join(' | '),
              },
            )}`}
        </p>
      )}
    </div>
  );
}

function FieldControlPreview({
  field,
  locale,
  defaultText,
  name,
}: {
  field: Field;
  locale: string;
  defaultText: string;
  name: string;
}) {
  const intl = useIntl();
  switch (field.type) {
    case 'select': {
      const chosen = field.pickList?.find((entry) => entry.value === field.defaultValue);
      return (
        <div className="studio-field__input studio-field__select">
          {chosen
            ? textIn(chosen.label, locale)
            : intl.formatMessage({ id: 'studio.editor.preview.selectValue' })}
          <span aria-hidden="true"> ▾</span>
        </div>
      );
    }
    case 'radio':
      return (
        <div className="studio-field__choices">
          {(field.pickList ?? []).map((entry) => (
            <span key={entry._id} className="studio-field__choice">
              <span
                className={`studio-field__radio${entry.value === field.defaultValue ? ' is-on' : ''}`}
              />
              {textIn(entry.label, locale)}
            </span>
          ))}
        </div>
      );
    case 'boolean':
      return (
        <span className="studio-field__choice">
          <span className={`studio-field__check${field.defaultValue === true ? ' is-on' : ''}`} />
          <span className="studio-field__label">{name}</span>
        </span>
      );
    case 'number':
      return <div className="studio-field__input studio-field__number">{defaultText}</div>;
    case 'string':
      return (
        <div
          className="studio-field__input studio-field__text"
          style={{ minHeight: `${Math.max(1, field.height ?? 1) * 1.5 + 0.9}rem` }}
        >
          {defaultText}
        </div>
      );
    case 'slider': {
      const min = field.minValue ?? SLIDER_MIN;
      const max = field.maxValue ?? SLIDER_MAX;
      const value = typeof field.defaultValue === 'number' ? field.defaultValue : min;
      const share = max > min ? ((value - min) / (max - min)) * 100 : 0;
      return (
        <div className="studio-field__slider">
          <span className="studio-field__bound">{intl.formatNumber(min)}</span>
          <span className="studio-field__track">
            <span className="studio-field__thumb" style={{ left: `${share}%` }} />
          </span>
          <span className="studio-field__bound">{intl.formatNumber(max)}</span>
          <span className="studio-field__slider-value">
            {typeof field.defaultValue === 'number' ? intl.formatNumber(value) : '–'}
          </span>
        </div>
      );
    }
    case 'table':
      return <TablePreview field={field} locale={locale} />;
    case 'file':
      return (
        <div className="studio-field__file">
          {intl.formatMessage({ id: 'studio.editor.preview.chooseFile' })}
        </div>
      );
  }
}

function TablePreview({ field, locale }: { field: Field; locale: string }) {
  const rows = field.rowCount ?? 0;
  const columns = field.columnCount ?? 0;
  return (
    <div className="studio-field__table-scroll">
      <table className="studio-table">
        <tbody>
          {Array.from({ length: rows }, (_, r) => (
            <tr key={r}>
              {Array.from({ length: columns }, (_, c) => {
                const cell = field.cells?.[r]?.[c];
                const text = cell?.value ?? textIn(cell?.defaultValue, locale);
                if (cell?.isReadOnly) {
                  const Tag = r === 0 || c === 0 ? 'th' : 'td';
                  return (
                    <Tag key={c} className="studio-table__fixed">
                      {text}
                    </Tag>
                  );
                }
                return (
                  <td key={c}>
                    <span className="studio-table__input">{text}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
