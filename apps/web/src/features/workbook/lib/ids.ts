/** A random id for a new worksheet (128 bits, hex), without needing a secure context. */
export function newWorksheetId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `ws-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
