// Imported first by main.tsx, before any schema is made: zod 4 would otherwise probe
// `new Function('')` to compile its object parsers, which the page's content security policy
// (no 'unsafe-eval') refuses, and Chromium reports that probe as an issue (Lighthouse: best
// practices). The interpreted parsers are fast enough for the forms of a page.
//
// zod keeps its settings on globalThis (`z.config()` writes there too), so they are set here
// without bringing zod into the first load; zod-config.test.ts checks zod reads them.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// The same object zod uses when it was loaded already (tests), the one it will take up if not.
(scope.__zod_globalConfig ??= {}).jitless = true;
