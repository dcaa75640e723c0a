import { createRequire } from 'node:module';
import { ensureContrast } from '@portal/domain';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/**
 * A certificate as a PDF (docs/design.md §16), made on the server with PDFKit: one A4 landscape
 * page in the organisation's colours, its logo when one could be read (PNG or JPEG), the learner,
 * the topic, the organisation, the date in the certificate's language, and a QR code of its
 * verify address. DejaVu Sans is embedded (Latin with its accents and extensions, Greek,
 * Cyrillic): a character it lacks (Chinese, say) prints as a blank box, never an error.
 */

export interface CertificatePdfInput {
  /** 'en-US' or 'fr-CA' (another falls back to en-US). */
  locale: string;
  learnerName: string;
  topicName: string;
  organisationName: string;
  /** ISO 8601 time of issue, printed as a long date in the locale. */
  issuedAt: string;
  /** The public verify address, printed and encoded in the QR code. */
  verifyUrl: string;
  certificateId: string;
  theme: {
    primaryColor: string;
    secondaryColor: string;
    tertiaryColor: string;
    primaryBackgroundColor: string;
    secondaryBackgroundColor: string;
    tertiaryBackgroundColor: string;
  };
  /** The organisation's logo, PNG or JPEG bytes (another format is left out). */
  logo?: Buffer | undefined;
}

const TEXTS = {
  'en-US': {
    title: 'Certificate of completion',
    certifies: 'This certifies that',
    completed: 'has completed',
    offeredBy: (org: string) => `offered by ${org}`,
    issuedOn: (date: string) => `Issued on ${date}`,
    verify: 'Verify this certificate at',
    id: (id: string) => `Certificate ${id}`,
  },
  'fr-CA': {
    title: 'Attestation de réussite',
    certifies: 'Nous attestons que',
    completed: 'a terminé',
    offeredBy: (org: string) => `offert par ${org}`,
    issuedOn: (date: string) => `Délivrée le ${date}`,
    verify: 'Vérifiez cette attestation à',
    id: (id: string) => `Attestation ${id}`,
  },
} as const;

export const certificateTexts = (locale: string) =>
  locale === 'fr-CA' ? TEXTS['fr-CA'] : TEXTS['en-US'];

const require = createRequire(import.meta.url);
const fontDir = require
  .resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')
  .replace(/DejaVuSans\.ttf$/, '');
const REGULAR = `${fontDir}DejaVuSans.ttf`;
const BOLD = `${fontDir}DejaVuSans-Bold.ttf`;

const WIDTH = 841.89;
const HEIGHT = 595.28;
const PAPER = '#ffffff';

/** `text` in `font` at the largest size up to `max` that fits `width` on `lines` lines. */
function fittedSize(
  doc: PDFKit.PDFDocument,
  text: string,
  font: string,
  max: number,
  min: number,
  width: number,
  lines: number,
): number {
  doc.font(font);
  for (let size = max; size > min; size -= 1) {
    doc.fontSize(size);
    if (doc.heightOfString(text, { width, align: 'center' }) <= doc.currentLineHeight(true) * lines)
      return size;
  }
  return min;
}

function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = size / count;
  doc
    .save()
    .rect(x - 4, y - 4, size + 8, size + 8)
    .fill(PAPER);
  doc.fillColor('#000000');
  for (let row = 0; row < count; row++)
    for (let col = 0; col < count; col++)
      if (qr.modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell, cell);
  doc.fill().restore();
}

export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const t = certificateTexts(input.locale);
  const date = new Intl.DateTimeFormat(input.locale === 'fr-CA' ? 'fr-CA' : 'en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(input.issuedAt));
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: {
      Title: `${t.title} — ${input.topicName}`,
      Author: input.organisationName,
      Subject: `${input.learnerName} — ${input.topicName}`,
      CreationDate: new Date(input.issuedAt),
    },
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // The organisation's colours: a band and a rule, the title in a shade readable on paper.
  const accent = ensureContrast(input.theme.primaryColor, PAPER);
  const ink = '#1c2430';
  const muted = '#4f5b6b';
  doc.rect(0, 0, WIDTH, HEIGHT).fill(PAPER);
  doc
    .lineWidth(18)
    .strokeColor(input.theme.primaryColor)
    .rect(9, 9, WIDTH - 18, HEIGHT - 18)
    .stroke();
  doc
    .lineWidth(2)
    .strokeColor(input.theme.secondaryColor)
    .rect(30, 30, WIDTH - 60, HEIGHT - 60)
    .stroke();

  if (input.logo) {
    try {
      doc.image(input.logo, 56, 52, { fit: [160, 56] });
    } catch {
      // Not a PNG or JPEG PDFKit reads: the certificate goes without it.
    }
  }

  const column = { x: 90, width: WIDTH - 180 };
  const centred = { width: column.width, align: 'center' as const };
  doc.font('bold').fontSize(30).fillColor(accent).text(t.title, column.x, 120, centred);
  doc.moveDown(0.8).font('regular').fontSize(14).fillColor(muted).text(t.certifies, centred);

  const nameSize = fittedSize(doc, input.learnerName, 'bold', 34, 12, column.width, 2);
  doc
    .moveDown(0.5)
    .font('bold')
    .fontSize(nameSize)
    .fillColor(ink)
    .text(input.learnerName, {
      ...centred,
      height: nameSize * 2.6,
      ellipsis: true,
    });
  doc.moveDown(0.5).font('regular').fontSize(14).fillColor(muted).text(t.completed, centred);
  const topicSize = fittedSize(doc, input.topicName, 'bold', 24, 11, column.width, 2);
  doc
    .moveDown(0.4)
    .font('bold')
    .fontSize(topicSize)
    .fillColor(ink)
    .text(input.topicName, {
      ...centred,
      height: topicSize * 2.6,
      ellipsis: true,
    });
  doc
    .moveDown(0.4)
    .font('regular')
    .fontSize(14)
    .fillColor(muted)
    .text(t.offeredBy(input.organisationName), { ...centred, height: 40, ellipsis: true });
  doc.moveDown(0.8).fontSize(13).fillColor(ink).text(t.issuedOn(date), centred);

  // The verify address and the QR code, bottom right.
  const qrSize = 86;
  const qrX = WIDTH - 56 - qrSize;
  const qrY = HEIGHT - 56 - qrSize;
  drawQr(doc, input.verifyUrl, qrX, qrY, qrSize);
  const noteWidth = 330;
  const noteX = qrX - 14 - noteWidth;
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(muted)
    .text(t.verify, noteX, qrY + 30, { width: noteWidth, align: 'right' })
    .fillColor(accent)
    .text(input.verifyUrl, { width: noteWidth, align: 'right', link: input.verifyUrl })
    .fillColor(muted)
    .text(t.id(input.certificateId), { width: noteWidth, align: 'right' });

  doc.end();
  return done;
}
