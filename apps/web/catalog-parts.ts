import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** `en-US.json?first` or `?later` (a dev server or Vitest adds queries of its own beside it). */
const PART = /^(.*[\\/]src[\\/]app[\\/]i18n[\\/]en-US\.json)\?(?:.*&)?(first|later|studio)(?:&|$)/;
type CatalogPart = 'first' | 'later' | 'studio';
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

/** The studio's messages (`studio.…`): no learner screen loads them (docs/design.md §14). */
const isStudio = (id: string) => id.startsWith('studio.');

/**
 * The part of the en-US reference catalog a first visit needs (`first`): the messages whose id
 * a module of the first load of the home page names, as a quoted string; the studio's
 * (`studio`), which only the studio's screens load; or the rest (`later`).
 */
export function catalogPart(
  messages: Record<string, string>,
  part: CatalogPart,
): Record<string, string> {
  const code = staticImports(FIRST_LOAD_ROOTS)
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');
  const isFirst = (id: string) =>
    ["'", '"', '`'].some((quote) => code.includes(quote + id + quote));
  const partOf = (id: string): CatalogPart =>
    isFirst(id) ? 'first' : isStudio(id) ? 'studio' : 'later';
  return Object.fromEntries(Object.entries(messages).filter(([id]) => partOf(id) === part));
}

/**
 * `import … from './en-US.json?first'` and `import('./en-US.json?later')` (app/i18n/messages.ts):
 * in a build, the two parts of the en-US catalog, compiled by `compile`, so a first visit
 * downloads the messages it shows and not the whole catalog (issue 14); on a dev server and in
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
