import { topicSchema } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { earnsCertificate, newCertificateId } from './certificates';

describe('a certificate', () => {
  const offered = (passPercent?: number) => ({
    certificate: { enabled: true, ...(passPercent !== undefined && { passPercent }) },
  });

  it('is earned by every page completed, and the pass mark when the topic sets one', () => {
    const sheet = { completedPages: 3, pages: 3, score: 7, total: 10 };
    expect(earnsCertificate(offered(), sheet)).toBe(true);
    expect(earnsCertificate(offered(70), sheet)).toBe(true);
    expect(earnsCertificate(offered(71), sheet)).toBe(false);
    expect(earnsCertificate(offered(), { ...sheet, completedPages: 2 })).toBe(false);
    // A topic without pages gives nothing; one without a score needs only its pages.
    expect(earnsCertificate(offered(), { ...sheet, pages: 0, completedPages: 0 })).toBe(false);
    expect(earnsCertificate(offered(90), { ...sheet, score: 0, total: 0 })).toBe(true);
    expect(earnsCertificate({ certificate: { enabled: false } }, sheet)).toBe(false);
    expect(earnsCertificate({}, sheet)).toBe(false);
  });

  it('has a 128-bit id of 26 Crockford base32 characters, never the same twice', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newCertificateId()));
    expect(ids.size).toBe(10_000);
    for (const id of [...ids].slice(0, 100)) expect(id).toMatch(/^[0-9a-hjkmnp-tv-z]{26}$/);
  });

  it('is offered by a pack’s topic with a pass mark between 0 and 100', () => {
    const topic = { _id: 't', name: 'T', pages: [] };
    expect(
      topicSchema.safeParse({ ...topic, certificate: { enabled: true, passPercent: 80 } }).success,
    ).toBe(true);
    expect(
      topicSchema.safeParse({ ...topic, certificate: { enabled: true, passPercent: 120 } }).success,
    ).toBe(false);
    expect(topicSchema.safeParse({ ...topic, certificate: { passPercent: 50 } }).success).toBe(
      false,
    );
  });
});
