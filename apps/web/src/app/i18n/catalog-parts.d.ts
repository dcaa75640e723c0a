// The two parts of the en-US catalog the build makes (vite.config.ts, `splitReferenceCatalog`):
// `?first`, the messages the modules of a first visit use, `?later`, the others but the studio's,
// and `?studio` (any locale), the studio's. Outside a build (dev server, tests) each is the whole
// catalog.
declare module '*.json?first' {
  const messages: Record<string, string>;
  export default messages;
}

declare module '*.json?later' {
  const messages: Record<string, string>;
  export default messages;
}

declare module '*.json?studio' {
  const messages: Record<string, string>;
  export default messages;
}
