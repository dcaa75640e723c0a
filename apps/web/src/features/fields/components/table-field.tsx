import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import {
  cellHeaders,
  columnMinWidth,
  isReadOnlyCell,
  tableValue,
  withCell,
} from '../lib/table-value';
import {
  describedBy,
  FieldBlock,
  FieldQuestion,
  useFieldIds,
  type FieldControlProps,
} from './field-parts';

/**
 * A table (docs/product-spec.md §5): rowCount × columnCount cells. Read-only cells are text (in the first row
 * and column, the headers of the others); the rest are inputs, whose text applies at once and
 * is trimmed and saved when the cell loses focus. Columns are as wide as their text needs, up
 * to a minimum of 30rem.
 */
export function TableField({ field, value, onChange, onCommit, readOnly }: FieldControlProps) {
  const intl = useIntl();
  const ids = useFieldIds();
  const table = useMemo(() => tableValue(field, value), [field, value]);
  const columns = field.columnCount ?? 0;
  const widths = useMemo(
    () => Array.from({ length: columns }, (_, c) => columnMinWidth(table, c)),
    [table, columns],
  );

  function labelOf(row: number, column: number): string {
    const headers = cellHeaders(field, table, row, column);
    if (headers.row && headers.column)
      return intl.formatMessage(
        { id: 'fields.table.cell' },
        { row: headers.row, column: headers.column },
      );
    return intl.formatMessage(
      { id: 'fields.table.position' },
      { row: headers.row ?? row + 1, column: headers.column ?? column + 1 },
    );
  }

  function commitCell(row: number, column: number) {
    const text = table[row]?.[column] ?? '';
    const trimmed = text.trim();
    if (trimmed !== text) onChange(withCell(table, row, column, trimmed), { save: true });
    else onCommit();
  }

  return (
    <FieldBlock field={field}>
      <p id={ids.label} className="field-block__label">
        {field.name}
      </p>
      <FieldQuestion id={ids.help} field={field} />
      <div className="field-block__table-scroll">
        <table
          className="field-table"
          aria-labelledby={ids.label}
          aria-describedby={describedBy(field.question && ids.help)}
        >
          <tbody>
            {table.map((cells, row) => (
              <tr key={row}>
                {cells.map((text, column) => {
                  const style = { minWidth: widths[column] };
                  if (isReadOnlyCell(field, row, column)) {
                    if (row === 0)
                      return (
                        <th key={column} scope="col" style={style}>
                          {text}
                        </th>
                      );
                    if (column === 0)
                      return (
                        <th key={column} scope="row" style={style}>
                          {text}
                        </th>
                      );
                    return (
                      <td key={column} className="field-table__fixed" style={style}>
                        {text}
                      </td>
                    );
                  }
                  return (
                    <td key={column} style={style}>
                      <input
                        className="field-table__input"
                        type="text"
                        value={text}
                        disabled={readOnly}
                        aria-label={labelOf(row, column)}
                        onChange={(event) =>
                          onChange(withCell(table, row, column, event.target.value))
                        }
                        onBlur={() => commitCell(row, column)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </FieldBlock>
  );
}
