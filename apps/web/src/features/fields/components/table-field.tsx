import { useMemo, type FocusEvent } from 'react';
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
 *
 * A table wider than the screen scrolls sideways inside its frame. When the first column holds
 * row labels, it stays put (sticky) while the cells scroll, so every cell is read beside its
 * label down to 320 px; a cell that gets focus is scrolled out from under the labels.
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

  // Row labels: every row under the header starts with a read-only cell.
  const hasRowLabels =
    columns > 1 && table.length > 1 && table.every((_, row) => isReadOnlyCell(field, row, 0));

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
      <div
        className="field-block__table-scroll"
        onFocus={hasRowLabels ? revealBesideLabels : undefined}
      >
        <table
          className={hasRowLabels ? 'field-table field-table--row-labels' : 'field-table'}
          aria-labelledby={ids.label}
          aria-describedby={describedBy(field.question && ids.help)}
        >
          <tbody>
            {table.map((cells, row) => (
              <tr key={row}>
                {cells.map((text, column) => {
                  // The sticky labels leave the cells room: at most 18rem, 40% of a phone.
                  const style = {
                    minWidth:
                      hasRowLabels && column === 0
                        ? `min(${widths[0]}, 18rem, 40vw)`
                        : widths[column],
                  };
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
                      <span className="field-table__printed">{text}</span>
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

/**
 * Scrolls the table sideways so that the focused cell is in view and not under the sticky row
 * labels (the browser's own scroll on focus does not know about them).
 */
function revealBesideLabels(event: FocusEvent<HTMLDivElement>) {
  const scroller = event.currentTarget;
  const cell = event.target.closest('td, th');
  const label = cell?.parentElement?.firstElementChild;
  if (!cell || !label || cell === label) return;
  const frame = scroller.getBoundingClientRect();
  const box = cell.getBoundingClientRect();
  const start = frame.left + label.getBoundingClientRect().width;
  if (box.left < start) scroller.scrollLeft -= start - box.left;
  else if (box.right > frame.right) scroller.scrollLeft += box.right - frame.right;
}
