import { tableDefault, type FieldView } from '@portal/domain';

export type TableCells = Pick<FieldView, 'rowCount' | 'columnCount' | 'cells'>;

/**
 * A table's answer as rowCount × columnCount strings: the stored one where it has a cell, the
 * cell's (localised) default elsewhere. Read-only cells always show the field's own text, so a
 * change of language relabels them.
 */
export function tableValue(field: TableCells, value: unknown): string[][] {
  const defaults = tableDefault(field);
  const stored = Array.isArray(value) ? (value as unknown[]) : [];
  return defaults.map((row, r) => {
    const storedRow = Array.isArray(stored[r]) ? (stored[r] as unknown[]) : [];
    return row.map((fallback, c) => {
      const cell = field.cells?.[r]?.[c];
      if (cell?.isReadOnly) return fallback;
      const given = storedRow[c];
      return typeof given === 'string' ? given : fallback;
    });
  });
}

/** The table with one cell changed (a new array: the workbook is never edited in place). */
export function withCell(table: string[][], row: number, column: number, text: string): string[][] {
  return table.map((cells, r) =>
    r === row ? cells.map((c, i) => (i === column ? text : c)) : cells,
  );
}

export function isReadOnlyCell(field: TableCells, row: number, column: number): boolean {
  return field.cells?.[row]?.[column]?.isReadOnly === true;
}

/** The headers of a cell: the read-only text above it in row 0 and left of it in column 0. */
export function cellHeaders(
  field: TableCells,
  table: string[][],
  row: number,
  column: number,
): { column: string | null; row: string | null } {
  const columnHeader =
    row > 0 && isReadOnlyCell(field, 0, column) ? (table[0]?.[column] ?? null) : null;
  const rowHeader = column > 0 && isReadOnlyCell(field, row, 0) ? (table[row]?.[0] ?? null) : null;
  return { column: columnHeader || null, row: rowHeader || null };
}

/** docs/product-spec.md §5, §9: a column is as wide as its longest text, but its minimum never exceeds 30rem. */
export function columnMinWidth(table: string[][], column: number): string {
  const longest = table.reduce((most, row) => Math.max(most, (row[column] ?? '').length), 0);
  return `min(${Math.max(8, longest + 3)}ch, 30rem)`;
}
