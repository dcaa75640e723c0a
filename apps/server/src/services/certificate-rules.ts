import { randomBytes } from 'node:crypto';
import type { Topic } from '@portal/domain';

/** A certificate's id, and when a worksheet earns one (docs/design.md §16). */

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** 128 random bits as 26 characters of Crockford base32 (lower case). */
export function newCertificateId(): string {
  const bytes = randomBytes(17);
  let bits = 0n;
  for (const b of bytes.subarray(0, 16)) bits = (bits << 8n) | BigInt(b);
  let id = '';
  for (let i = 0; i < 26; i++) {
    id = CROCKFORD[Number(bits & 31n)]! + id;
    bits >>= 5n;
  }
  return id;
}

/** A worksheet's progress as worksheet_progress keeps it. */
export interface SheetProgress {
  completedPages: number;
  pages: number;
  score: number;
  total: number;
}

/** Whether a worksheet earns the topic's certificate: every page completed, and the pass mark. */
export function earnsCertificate(topic: Pick<Topic, 'certificate'>, sheet: SheetProgress): boolean {
  const offer = topic.certificate;
  if (!offer?.enabled || sheet.pages === 0 || sheet.completedPages < sheet.pages) return false;
  if (offer.passPercent === undefined || sheet.total === 0) return true;
  return (sheet.score / sheet.total) * 100 >= offer.passPercent;
}
