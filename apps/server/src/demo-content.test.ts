import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContentPack, compileFormula } from '@portal/domain';

// The shipped demo packs are authored against this language: every formula must parse.
const contentDir = path.resolve(import.meta.dirname, '../../../content');
const packFiles = fs.readdirSync(contentDir).filter((f) => f.endsWith('.json'));

describe('the demo content packs', () => {
  it('are there: doughmain and a second organisation', () => {
    expect(packFiles).toEqual(expect.arrayContaining(['doughmain.json', 'acme.json']));
  });

  for (const file of packFiles) {
    it(`${file} is a valid pack`, () => {
      const result = checkContentPack(
        JSON.parse(fs.readFileSync(path.join(contentDir, file), 'utf8')),
      );
      expect(result.ok ? [] : result.problems).toEqual([]);
    });

    it(`${file}: every formula and show condition parses`, () => {
      const text = fs.readFileSync(path.join(contentDir, file), 'utf8');
      const bodies = [...text.matchAll(/"body":\s*("(?:[^"\\]|\\.)*")/g)].map(
        (m) => JSON.parse(m[1]!) as string,
      );
      expect(bodies.length).toBeGreaterThan(0);
      const broken = bodies
        .map((body) => ({ body, error: compileFormula(body).error }))
        .filter((b) => b.error);
      expect(broken).toEqual([]);
    });
  }
});
