import type { Field } from '@portal/domain';
import { useIntl } from 'react-intl';
import { errorAt } from './field-errors';
import { ErrorText, NumberInput } from './inputs';

type Cell = NonNullable<Field['cells']>[number][number];

/** The cells at a new size: what fits is kept, new cells are empty. */
export function resized(cells: Cell[][] | undefined, rows: number, columns: number): Cell[][] {
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c) => cells?.[r]?.[c] ?? {}),
  );
}

interface TableEditorProps {
  field: Field;
  locale: string;
  errors: Map<string, string>;
  onChange: (field: Field) => void;
}

/** A table field's size and its cells: value, default, read-only. */
export function TableEditor({ field, locale, errors, onChange }: TableEditorProps) {
  const intl = useIntl();
  const rows = field.rowCount ?? 1;
  const columns = field.columnCount ?? 1;
  const cells = resized(field.cells, rows, columns);
  const setCell = (r: number, c: number, cell: Cell) =>
    onChange({
      ...field,
      cells: cells.map((row, i) => (i === r ? row.map((x, j) => (j === c ? cell : x)) : row)),
    });
  const clean = (cell: Cell): Cell => {
    const out: Cell = {};
    if (cell.value) out.value = cell.value;
    if (cell.defaultValue) out.defaultValue = cell.defaultValue;
    if (cell.isReadOnly) out.isReadOnly = true;
    return out;
  };
  return (
    <fieldset className="studio-inspector__group">
      <legend>{intl.formatMessage({ id: 'studio.editor.inspector.cells' })}</legend>
      <NumberInput
        label={intl.formatMessage({ id: 'studio.editor.inspector.rowCount' })}
        value={field.rowCount}
        error={errors.get('rowCount')}
        onChange={(n) =>
          onChange({
            ...field,
            rowCount: n,
            ...(n && n > 0 && n <= 100 && { cells: resized(field.cells, n, columns) }),
          })
        }
      />
      <NumberInput
        label={intl.formatMessage({ id: 'studio.editor.inspector.columnCount' })}
        value={field.columnCount}
        error={errors.get('columnCount')}
        onChange={(n) =>
          onChange({
            ...field,
            columnCount: n,
            ...(n && n > 0 && n <= 26 && { cells: resized(field.cells, rows, n) }),
          })
        }
      />
      <ErrorText id="cells-error" message={errorAt(errors, 'cells')} />
      <div
        className="studio-inspector__cells"
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(7rem, 1fr))` }}
      >
        {cells.flatMap((row, r) =>
          row.map((cell, c) => {
            const at = intl.formatMessage(
              { id: 'studio.editor.inspector.cellAt' },
              { row: r + 1, column: c + 1 },
            );
            const text =
              typeof cell.defaultValue === 'string'
                ? cell.defaultValue
                : (cell.defaultValue?.[locale] ?? '');
            return (
              <div
                key={`${r}-${c}`}
                className="studio-inspector__cell"
                role="group"
                aria-label={at}
              >
                <span className="studio-inspector__cell-name" aria-hidden="true">
                  {at}
                </span>
                <input
                  className="studio-inspector__input"
                  aria-label={`${at}: ${intl.formatMessage({ id: 'studio.editor.inspector.cellValue' })}`}
                  placeholder={intl.formatMessage({ id: 'studio.editor.inspector.cellValue' })}
                  value={cell.value ?? ''}
                  onChange={(event) => setCell(r, c, clean({ ...cell, value: event.target.value }))}
                />
                <input
                  className="studio-inspector__input"
                  aria-label={`${at}: ${intl.formatMessage({ id: 'studio.editor.inspector.cellDefault' })}`}
                  placeholder={intl.formatMessage({ id: 'studio.editor.inspector.cellDefault' })}
                  value={text}
                  onChange={(event) => {
                    const next = event.target.value;
                    const defaultValue =
                      typeof cell.defaultValue === 'object'
                        ? { ...cell.defaultValue, [locale]: next }
                        : next;
                    setCell(r, c, clean({ ...cell, defaultValue }));
                  }}
                />
                <label className="studio-inspector__check">
                  <input
                    type="checkbox"
                    checked={cell.isReadOnly ?? false}
                    onChange={(event) =>
                      setCell(r, c, clean({ ...cell, isReadOnly: event.target.checked }))
                    }
                  />
                  {intl.formatMessage({ id: 'studio.editor.inspector.cellReadOnly' })}
                </label>
              </div>
            );
          }),
        )}
      </div>
    </fieldset>
  );
}
