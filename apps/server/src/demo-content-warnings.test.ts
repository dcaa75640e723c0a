import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContentPack, contentPackWarnings } from '@portal/domain';

// Issue 15: axe found a scrollable <pre>, a skipped heading level and an empty table header in
// the demo content itself. The packs are fixed, and the validator's warnings keep them so.
const contentDir = path.resolve(import.meta.dirname, '../../../content');

describe('the demo content packs’ accessibility warnings', () => {
  for (const file of ['doughmain.json', 'acme.json']) {
    it(`${file} has none`, () => {
      const result = checkContentPack(
        JSON.parse(fs.readFileSync(path.join(contentDir, file), 'utf8')),
      );
      if (!result.ok) throw new Error(`${file} is not a valid pack`);
      expect(contentPackWarnings(result.pack)).toEqual([]);
    });
  }
});
