import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * `en-US.json?first`, `?later`, or `<locale>.json?studio` (a dev server or Vitest adds queries
 * of its own beside it).
 */
const PART =
  /^(.*[\\/]src[\\/]app[\\/]i18n[\\/][a-z]{2}-[A-Z]{2}\.json)\?(?:.*&)?(first|later|studio)(?:&|$)/;
/**
 * The staff's messages, the studio's (features/studio, issue 26) and the console's
 * (features/admin, issue 27): their own part of every catalog, loaded with their code only, so a
 * learner's screens never download them.
 */
export const isStudioMessage = (id: string) => id.startsWith('studio.') || id.startsWith('admin.');
/** A catalog's part: the first load's, the later screens' or the studio's. */
export type CatalogPart = 'first' | 'later' | 'studio';
const SOURCE = path.join(import.meta.dirname, 'src');
/** The modules a first visit to the home page runs: the entry's and the home screen's. */
const FIRST_LOAD_ROOTS = ['main.tsx', 'features/home/index.ts'];

/**
 * The source modules `roots` import statically, transitively (`import(…)` is left out: that
 * code loads later), as files under src/.
 */
function staticImports(roots: readonly string[]): string[] {
  const found = new Set<string>();
  const resolve = (from: string, specifier: string): string | undefined => {
    const base = path.resolve(path.dirname(from), specifier);
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
      (file) => /\.tsx?$/.test(file) && fs.existsSync(file),
    );
  };
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const [, specifier] of code.matchAll(
      /^\s*(?:import|export)\b(?:[^'";]*?\bfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/gm,
    )) {
      const target = resolve(file, specifier as string);
      if (target) visit(target);
    }
  };
  for (const root of roots) visit(path.join(SOURCE, root));
  return [...found];
}

/**
 * The part of the en-US reference catalog a first visit needs (`first`): the messages whose id
 * a module of the first load of the home page names, as a quoted string; the studio's
 * (`studio`); or the rest (`later`).
 */
export function catalogPart(
  messages: Record<string, string>,
  part: CatalogPart,
): Record<string, string> {
  if (part === 'studio')
    return Object.fromEntries(Object.entries(messages).filter(([id]) => isStudioMessage(id)));
  const code = staticImports(FIRST_LOAD_ROOTS)
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');
  const isFirst = (id: string) =>
    ["'", '"', '`'].some((quote) => code.includes(quote + id + quote));
  return Object.fromEntries(
    Object.entries(messages).filter(
      ([id]) => !isStudioMessage(id) && isFirst(id) === (part === 'first'),
    ),
  );
}

/**
 * `import … from './en-US.json?first'`, `import('./en-US.json?later')` and
 * `import('./<locale>.json?studio')` (app/i18n/messages.ts): in a build, the parts of a catalog,
 * compiled by `compile`, so a first visit downloads the messages it shows and not the whole
 * catalog (issue 14), and no learner downloads the studio's (issue 26); on a dev server and in
 * Vitest, each is the whole catalog, as it is written.
 */
export function catalogParts(
  compile: (messages: Record<string, string>) => unknown = (messages) => messages,
): Plugin {
  let isBuild = false;
  return {
    name: 'portal:catalog-parts',
    enforce: 'pre',
    configResolved(config) {
      isBuild = config.command === 'build' && !config.mode.startsWith('test');
    },
    load(id) {
      const match = PART.exec(id);
      if (!match) return null;
      const [, file, part] = match as unknown as [string, string, CatalogPart];
      this.addWatchFile(file);
      const messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      const content = isBuild ? compile(catalogPart(messages, part)) : messages;
      return { code: `export default ${JSON.stringify(content)};`, map: null };
    },
  };
}
