import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoOrganisation } from '../../test/certificate-sample';
import { decodeQr, pagePng, readPdf, renderPdfPage } from '../../test/pdf-pages';
import { renderCertificatePdf, type CertificatePdfInput } from './pdf';

const repo = path.resolve(import.meta.dirname, '../../../../..');

const demo = await demoOrganisation();

const base: CertificatePdfInput = {
  locale: 'en-US',
  learnerName: 'Zoë Ñúñez-Łukasiewicz',
  topicName: 'Budgeting basics',
  organisationName: demo.name['en-US'],
  issuedAt: '2026-11-28T15:00:00.000Z',
  verifyUrl: 'https://learn.doughmain.example/verify/0123456789ABCDEFGHJKMNPQRS',
  certificateId: '0123456789ABCDEFGHJKMNPQRS',
  theme: demo.theme,
};

const pixel = (image: Awaited<ReturnType<typeof renderPdfPage>>, x: number, y: number) => {
  const at = (Math.round(y) * image.width + Math.round(x)) * 4;
  return [...image.rgba.subarray(at, at + 3)];
};

describe('a certificate’s PDF', () => {
  it('says who, what, which organisation and when, in English, and is described in its properties', async () => {
    const pdf = await renderCertificatePdf(base);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, totalPages, info, page } = await readPdf(pdf);
    expect(totalPages).toBe(1);
    expect([page.width, page.height].map(Math.round)).toEqual([842, 595]); // A4 landscape
    for (const part of [
      'Doughmain Academy',
      'Certificate of completion',
      'awarded to',
      'Zoë Ñúñez-Łukasiewicz',
      'for completing',
      'Budgeting basics',
      'Issued on November 28, 2026',
      'Verify this certificate at',
      base.verifyUrl,
      `Certificate ID ${base.certificateId}`,
    ])
      expect(text, part).toContain(part);
    expect(info).toMatchObject({
      Title: 'Certificate of completion — Budgeting basics',
      Author: 'Doughmain Academy',
      Subject: 'Certificate of completion awarded to Zoë Ñúñez-Łukasiewicz for Budgeting basics',
      CreationDate: 'D:20261128150000Z',
    });
  });

  it('says it in French', async () => {
    const { text, info } = await readPdf(
      await renderCertificatePdf({
        ...base,
        locale: 'fr-CA',
        topicName: 'Le budget',
        organisationName: 'Académie Doughmain',
      }),
    );
    for (const part of [
      'Académie Doughmain',
      'Attestation de réussite',
      'décernée à',
      'Zoë Ñúñez-Łukasiewicz',
      'pour avoir terminé',
      'Le budget',
      'Délivrée le 28 novembre 2026',
      'Vérifiez cette attestation à l’adresse',
      base.verifyUrl,
      `Attestation n° ${base.certificateId}`,
    ])
      expect(text, part).toContain(part);
    expect(info.Title).toBe('Attestation de réussite — Le budget');
  });

  it('says it in English for any other locale', async () => {
    const { text } = await readPdf(await renderCertificatePdf({ ...base, locale: 'de-DE' }));
    expect(text).toContain('Certificate of completion');
    expect(text).toContain('Issued on November 28, 2026');
  });

  it('carries a QR code of the verify address, in both languages', async () => {
    const french = { organisationName: demo.name['fr-CA'], topicName: 'Les bases du budget' };
    for (const locale of ['en-US', 'fr-CA']) {
      const input = { ...base, ...(locale === 'fr-CA' ? french : {}), locale, logo: demo.logo };
      const image = await renderPdfPage(await renderCertificatePdf(input), 150);
      // A4 at 150 dpi is 1754 × 1240 px; PDFium rounds each side down.
      expect([image.width, image.height]).toEqual([1752, 1239]);
      expect(decodeQr(image), locale).toBe(base.verifyUrl);
      // CERTIFICATE_SAMPLES=1 writes the pages the README shows.
      if (process.env.CERTIFICATE_SAMPLES) {
        const out = path.join(repo, 'docs/images', `certificate-${locale}.png`);
        await mkdir(path.dirname(out), { recursive: true });
        await writeFile(out, await pagePng(image));
      }
    }
  });

  it('fits a 200-character name, a long topic and a long organisation inside the page', async () => {
    const learnerName = `${'Maximilian Alexander von Hohenzollern-Sigmaringen '.repeat(4)}Ñúñez`
      .padEnd(200, 'x')
      .slice(0, 200);
    expect(learnerName).toHaveLength(200);
    const topicName = 'Budgeting for families and small businesses, with worksheets '.repeat(5);
    const organisationName = 'The Canadian Organisation for Financial Education '.repeat(3);
    const { text, totalPages, page } = await readPdf(
      await renderCertificatePdf({ ...base, learnerName, topicName, organisationName }),
    );
    expect(totalPages).toBe(1);
    expect(text).toContain('Maximilian Alexander von Hohenzollern-Sigmaringen');
    for (const item of page.items) {
      expect(item.x, item.str).toBeGreaterThanOrEqual(24);
      expect(item.x + item.w, item.str).toBeLessThanOrEqual(page.width - 24);
      expect(item.y, item.str).toBeGreaterThanOrEqual(24);
      expect(item.y + item.h, item.str).toBeLessThanOrEqual(page.height);
    }
    // Each block stays above the next (PDF y grows upwards): nothing overlaps.
    const y = (part: string) => page.items.filter((i) => i.str.includes(part)).map((i) => i.y);
    const below = (upper: string, lower: string) =>
      expect(Math.min(...y(upper)), `${upper} above ${lower}`).toBeGreaterThan(
        Math.max(...y(lower)) + 10,
      );
    below('Certificate of completion', 'awarded to');
    below('Maximilian', 'for completing');
    below('for completing', 'Budgeting for families');
    below('Budgeting for families', 'Issued on');
  });

  it('prints a character its font lacks as U+FFFD, never failing (CJK), and keeps the name in its properties', async () => {
    // DejaVu Sans has no Chinese: 李小龍 prints as three U+FFFD and the rest of the page is as
    // usual; the PDF's Subject keeps the name as given.
    const pdf = await renderCertificatePdf({ ...base, learnerName: '李小龍 (Bruce Lee)' });
    const { text, totalPages, info } = await readPdf(pdf);
    expect(totalPages).toBe(1);
    expect(text).toContain('\uFFFD\uFFFD\uFFFD (Bruce Lee)');
    expect(info.Subject).toContain('李小龍 (Bruce Lee)');
    // Arabic and Hebrew are in the font and shaped right to left; a line break in a name is a space.
    const rtl = await readPdf(
      await renderCertificatePdf({ ...base, learnerName: 'فاطمة\nالزهراء', topicName: 'שלום' }),
    );
    expect(rtl.text).not.toContain('\uFFFD');
    expect(rtl.totalPages).toBe(1);
  });

  it('draws the logo on a tile in the band, and leaves out one it cannot read', async () => {
    const red = await sharp({
      create: {
        width: 300,
        height: 100,
        channels: 4,
        background: { r: 220, g: 0, b: 0, alpha: 1 },
      },
    })
      .png()
      .toBuffer();
    const withLogo = await renderPdfPage(
      await renderCertificatePdf({ ...base, logo: { data: red } }),
    );
    // The tile is 32 pt from the left; the band is 96 pt high (150 dpi: 1 pt = 150/72 px).
    const pt = 150 / 72;
    expect(pixel(withLogo, 60 * pt, 48 * pt)).toEqual([220, 0, 0]);
    for (const data of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      red.subarray(0, 40),
    ]) {
      const without = await renderPdfPage(await renderCertificatePdf({ ...base, logo: { data } }));
      expect(pixel(without, 60 * pt, 48 * pt)).toEqual([0x1f, 0x6f, 0x5c]);
    }
  });

  it('writes the organisation’s name on the band in black or white, whichever reads', async () => {
    const bandInk = async (primaryColor: string) => {
      const image = await renderPdfPage(
        await renderCertificatePdf({ ...base, theme: { ...base.theme, primaryColor } }),
      );
      // The darkest and lightest pixels across the band's middle line, where the name is.
      const row = Array.from({ length: image.width }, (_, x) => pixel(image, x, 48 * (150 / 72)));
      const sums = row.map(([r, g, b]) => r! + g! + b!);
      return { darkest: Math.min(...sums), lightest: Math.max(...sums) };
    };
    expect((await bandInk('#ffd400')).darkest).toBeLessThan(60); // black on yellow
    expect((await bandInk('#1a237e')).lightest).toBeGreaterThan(700); // white on navy
  });

  it('takes a colour that is not hex as a neutral one, and refuses a date that is not a date', async () => {
    const odd = { ...base.theme, primaryColor: 'teal', secondaryColor: '' };
    expect((await readPdf(await renderCertificatePdf({ ...base, theme: odd }))).totalPages).toBe(1);
    await expect(renderCertificatePdf({ ...base, issuedAt: 'yesterday' })).rejects.toThrow(
      RangeError,
    );
  });
});
