import { idSchema } from '@portal/domain';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A fresh id for a new fragment, field, formula or pick-list entry: a prefix and ten random
 * letters and digits, valid for idSchema. Answers are keyed by a field's id, so an id is made
 * once and never changed by an edit.
 */
export function newId(prefix: string): string {
  const bytes = new Uint8Array(10);
  crypto.getRandomValues(bytes);
  let tail = '';
  for (const byte of bytes) tail += ALPHABET[byte % ALPHABET.length];
  const id = `${prefix}-${tail}`;
  return idSchema.parse(id);
}
