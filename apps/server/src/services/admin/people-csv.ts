import { parse } from 'csv-parse/sync';
import {
  PEOPLE_IMPORT_MAX_ROWS,
  PERSON_ROLES,
  type ImportProblem,
  type PersonRole,
} from '@portal/domain';
import { z } from 'zod';
import type { ImportRow } from '../../db/repositories/admin-people';

/**
 * A CSV of people (docs/design.md §15): a header row naming the columns email, first name,
 * last name, groups and roles (any order, any case; groups and roles may be left out), then a
 * person a row; groups and roles separated by `;`. Checked whole: every bad row named by its
 * line in the file (1 is the header) and why.
 */

export interface RowProblem {
  line: number;
  reason: ImportProblem;
  value?: string;
}

export interface CheckedCsv {
  rows: (ImportRow & { line: number })[];
  problems: RowProblem[];
}

const COLUMNS = {
  email: ['email', 'e-mail', 'courriel', 'email address'],
  first: ['first name', 'firstname', 'first', 'given name', 'prénom', 'prenom'],
  last: ['last name', 'lastname', 'last', 'family name', 'surname', 'nom'],
  groups: ['groups', 'group', 'groupes', 'groupe'],
  roles: ['roles', 'role', 'rôles', 'rôle'],
} as const;
type Column = keyof typeof COLUMNS;
const REQUIRED: Column[] = ['email', 'first', 'last'];

const emailSchema = z.email();
const normal = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');
const list = (cell: string | undefined) =>
  (cell ?? '')
    .split(';')
    .map((item) => item.trim())
    .filter(Boolean);

interface Record {
  record: string[];
  info: { lines: number };
}

export function checkCsv(text: string, knownGroups: ReadonlySet<string>): CheckedCsv {
  let records: Record[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as Record[];
  } catch (err) {
    const line = (err as { lines?: number }).lines ?? 1;
    return { rows: [], problems: [{ line, reason: 'badCsv' }] };
  }
  const [header, ...body] = records;
  if (!header)
    return { rows: [], problems: [{ line: 1, reason: 'missingColumns', value: 'email' }] };
  const at = new Map<Column, number>();
  header.record.forEach((cell, index) => {
    const name = normal(cell);
    for (const [column, names] of Object.entries(COLUMNS) as [Column, readonly string[]][])
      if (names.includes(name) && !at.has(column)) at.set(column, index);
  });
  const missing = REQUIRED.filter((column) => !at.has(column));
  if (missing.length)
    return {
      rows: [],
      problems: [{ line: header.info.lines, reason: 'missingColumns', value: missing.join(', ') }],
    };
  const problems: RowProblem[] = [];
  if (body.length > PEOPLE_IMPORT_MAX_ROWS)
    problems.push({
      line: body[PEOPLE_IMPORT_MAX_ROWS]!.info.lines,
      reason: 'tooManyRows',
      value: String(body.length),
    });
  const width = Math.max(...REQUIRED.map((column) => at.get(column)!)) + 1;
  const seen = new Set<string>();
  const rows: CheckedCsv['rows'] = [];
  for (const { record, info } of body.slice(0, PEOPLE_IMPORT_MAX_ROWS)) {
    const line = info.lines;
    const cell = (column: Column) => {
      const index = at.get(column);
      return index === undefined ? '' : (record[index] ?? '');
    };
    if (record.length < width) {
      problems.push({ line, reason: 'missingColumns' });
      continue;
    }
    const email = cell('email');
    if (email.length > 254 || !emailSchema.safeParse(email).success) {
      problems.push({ line, reason: 'badEmail', value: email.slice(0, 254) });
      continue;
    }
    const key = email.toLowerCase();
    if (seen.has(key)) {
      problems.push({ line, reason: 'duplicateInFile', value: email });
      continue;
    }
    seen.add(key);
    const first = cell('first');
    const last = cell('last');
    if (first.length > 100 || last.length > 100) {
      problems.push({ line, reason: 'nameTooLong' });
      continue;
    }
    const groups = [...new Set(list(cell('groups')))];
    const unknownGroup = groups.find((group) => !knownGroups.has(group));
    if (unknownGroup !== undefined) {
      problems.push({ line, reason: 'unknownGroup', value: unknownGroup.slice(0, 100) });
      continue;
    }
    const roles = [...new Set(list(cell('roles')).map((role) => role.toLowerCase()))];
    const unknownRole = roles.find((role) => !(PERSON_ROLES as readonly string[]).includes(role));
    if (unknownRole !== undefined) {
      problems.push({ line, reason: 'unknownRole', value: unknownRole.slice(0, 100) });
      continue;
    }
    rows.push({ line, email, first, last, groups, roles: roles as PersonRole[] });
  }
  return { rows, problems };
}
