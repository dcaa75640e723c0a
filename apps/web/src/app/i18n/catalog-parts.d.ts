// The parts of the en-US catalog the build makes (catalog-parts.ts): `?first`, the messages the
// modules of a first visit use, `?studio`, the studio's (`studio.…`), and `?later`, the others.
// Outside a build (dev server, tests) each is the whole catalog.
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
