import { describe, expect, it } from 'vitest';
import { cellHeaders, columnMinWidth, tableValue, withCell } from './table-value';

const field = {
  rowCount: 2,
  columnCount: 2,
  cells: [
    [
      { defaultValue: 'Line', isReadOnly: true },
      { defaultValue: 'Month 1', isReadOnly: true },
    ],
    [{ defaultValue: 'Sales', isReadOnly: true }, { defaultValue: ' 100 ' }],
  ],
};

describe('tableValue', () => {
  it('fills the grid from the answer, the defaults (trimmed) where it has none', () => {
    expect(tableValue(field, undefined)).toEqual([
      ['Line', 'Month 1'],
      ['Sales', '100'],
    ]);
    expect(
      tableValue(field, [
        ['x', 'y'],
        ['z', '250'],
      ]),
    ).toEqual([
      ['Line', 'Month 1'],
      ['Sales', '250'],
    ]);
  });

  it('always shows read-only cells in the current language', () => {
    const french = {
      ...field,
      cells: [
        [
          { defaultValue: 'Poste', isReadOnly: true },
          { defaultValue: 'Mois 1', isReadOnly: true },
        ],
        [{ defaultValue: 'Ventes', isReadOnly: true }, {}],
      ],
    };
    expect(
      tableValue(french, [
        ['Line', 'Month 1'],
        ['Sales', '250'],
      ]),
    ).toEqual([
      ['Poste', 'Mois 1'],
      ['Ventes', '250'],
    ]);
  });
});

describe('cells', () => {
  it('changes one cell into a new grid', () => {
    const grid = [
      ['a', 'b'],
      ['c', 'd'],
    ];
    const next = withCell(grid, 1, 0, 'e');
    expect(next).toEqual([
      ['a', 'b'],
      ['e', 'd'],
    ]);
    expect(grid[1]?.[0]).toBe('c');
    expect(next[0]).toBe(grid[0]);
  });

  it('finds the headers of a cell in the first row and column', () => {
    const grid = tableValue(field, undefined);
    expect(cellHeaders(field, grid, 1, 1)).toEqual({ column: 'Month 1', row: 'Sales' });
  });

  it('sizes a column by its longest text, never more than 30rem', () => {
    expect(columnMinWidth([['abc'], ['abcdefgh']], 0)).toBe('min(11ch, 30rem)');
    expect(columnMinWidth([['a']], 0)).toBe('min(8ch, 30rem)');
  });
});
