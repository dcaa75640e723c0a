import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderCertificatePdf, type CertificatePdfInput } from './pdf';

/** The certificate's PDF read back as a stranger's PDF reader would: its text and metadata. */
async function read(pdf: Buffer) {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text, totalPages } = await extractText(doc, { mergePages: true });
  const { info } = await getMeta(doc);
  return { text: text.replace(/\s+/g, ' '), totalPages, info: info as Record<string, unknown> };
}

const base: CertificatePdfInput = {
  locale: 'en-US',
  learnerName: 'Zoë Ñúñez-Łukasiewicz',
  topicName: 'Budgeting basics',
  organisationName: 'Doughmain',
  issuedAt: '2026-11-28T15:00:00.000Z',
  verifyUrl: 'https://learn.doughmain.example/verify/0123456789abcdefghjkmnpqrs',
  certificateId: '0123456789abcdefghjkmnpqrs',
  theme: {
    primaryColor: '#1a4d8f',
    secondaryColor: '#f2a900',
    tertiaryColor: '#2e7d32',
    primaryBackgroundColor: '#ffffff',
    secondaryBackgroundColor: '#f4f6fa',
    tertiaryBackgroundColor: '#e8eef7',
  },
};

describe('a certificate’s PDF', () => {
  it('says who, what, which organisation and when, in English', async () => {
    const pdf = await renderCertificatePdf(base);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, totalPages, info } = await read(pdf);
    expect(totalPages).toBe(1);
    for (const part of [
      'Certificate of completion',
      'This certifies that',
      'Zoë Ñúñez-Łukasiewicz',
      'has completed',
      'Budgeting basics',
      'offered by Doughmain',
      'Issued on November 28, 2026',
      'Verify this certificate at',
      base.verifyUrl,
      `Certificate ${base.certificateId}`,
    ])
      expect(text, part).toContain(part);
    expect(info.Author).toBe('Doughmain');
    expect(info.Title).toBe('Certificate of completion — Budgeting basics');
  });

  it('says it in French', async () => {
    const { text } = await read(
      await renderCertificatePdf({ ...base, locale: 'fr-CA', topicName: 'Le budget' }),
    );
    for (const part of [
      'Attestation de réussite',
      'Nous attestons que',
      'a terminé',
      'Le budget',
      'offert par Doughmain',
      'Délivrée le 28 novembre 2026',
      'Vérifiez cette attestation à',
    ])
      expect(text, part).toContain(part);
  });

  it('fits a very long name on the page and does not fail on letters its font lacks', async () => {
    const long = `${'Maximilian Alexander '.repeat(10)}Long`;
    const { text, totalPages } = await read(
      await renderCertificatePdf({ ...base, learnerName: long, topicName: 'T'.repeat(300) }),
    );
    expect(totalPages).toBe(1);
    expect(text).toContain('Maximilian Alexander');
    // DejaVu Sans has no Chinese: the name prints as boxes, the certificate is still made.
    const cjk = await renderCertificatePdf({ ...base, learnerName: '李小龍' });
    expect((await read(cjk)).totalPages).toBe(1);
  });

  it('leaves out a logo it cannot draw', async () => {
    const pdf = await renderCertificatePdf({ ...base, logo: Buffer.from('<svg></svg>') });
    expect((await read(pdf)).text).toContain('Certificate of completion');
  });
});
