import { ensureContrast, isHexColor, parseHex, readableTextOn, toHex } from '@portal/domain';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { certificateFonts, printable, type CertificateFonts } from './pdf-fonts';
import { certificateTexts, formatIssuedDate } from './pdf-texts';

/**
 * A certificate as a PDF (docs/design.md §16), made on the server with PDFKit: one A4 landscape
 * page with a band in the organisation's primary colour (its name in black or white, whichever
 * reads better on it, and its logo top left), the title, the learner, the topic, the date in the
 * certificate's language, and the verify address beside a QR code of it. The text is real text
 * (DejaVu Sans embedded, see pdf-fonts.ts), so it can be selected, searched and read aloud.
 */

export interface CertificatePdfInput {
  /** 'en-US' or 'fr-CA' (any other locale falls back to en-US texts). */
  locale: string;
  learnerName: string;
  topicName: string;
  organisationName: string;
  /** ISO 8601 time of issue; printed as a long date in the locale (e.g. "November 28, 2026" / "28 novembre 2026"). */
  issuedAt: string;
  /** The public verify address, printed and encoded in a QR code. */
  verifyUrl: string;
  certificateId: string;
  /** The organisation's six theme colours (hex), as packages/domain's Theme type. */
  theme: {
    primaryColor: string;
    secondaryColor: string;
    tertiaryColor: string;
    primaryBackgroundColor: string;
    secondaryBackgroundColor: string;
    tertiaryBackgroundColor: string;
  };
  /**
   * The organisation's logo when it is a PNG or JPEG the server could read: those are the formats
   * PDFKit draws. An SVG logo (or any other format) is left out by the caller, and bytes PDFKit
   * cannot read after all are skipped here: the certificate is made without a logo.
   */
  logo?: { data: Buffer } | undefined;
}

/** A4 landscape, in points. */
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 48;
const BAND = 96;
const RULE = 4;
const FOOT = 12;
const QR_SIZE = 84;
const QR_TOP = PAGE.height - FOOT - RULE - 20 - QR_SIZE;
const PAPER = '#ffffff';
const INK = '#1c2430';
const MUTED = '#4f5b6b';

/**
 * Given any `features` (none beyond the font's defaults here), PDFKit shapes a line as one run
 * instead of word by word, so a right-to-left name (Arabic, Hebrew) comes out in reading order
 * with its spaces; a line that mixes directions is not reordered (PDFKit has no bidi algorithm).
 */
const WHOLE: PDFKit.Mixins.OpenTypeFeatures[] = [];

type Doc = PDFKit.PDFDocument;
type Align = 'left' | 'center' | 'right';

/** One piece of text laid out in a box: its size fitted, its height known before it is drawn. */
interface Block {
  text: string;
  font: 'regular' | 'bold';
  size: number;
  height: number;
  color: string;
  gapAfter: number;
  maxHeight: number;
}

/** A theme colour as `#rrggbb`, or `fallback` when it is not a hex colour. */
const hex = (value: string, fallback: string) =>
  isHexColor(value) ? toHex(parseHex(value)) : fallback;

/**
 * `text` at the largest whole size from `max` down to `min` whose lines, wrapped to `width`, fit
 * in `maxHeight`; at `min` it is drawn cut to `maxHeight` with an ellipsis (never past its box).
 */
function fitted(
  doc: Doc,
  text: string,
  font: Block['font'],
  opts: { max: number; min: number; width: number; maxHeight: number; color: string; gap: number },
): Block {
  const block = { text, font, color: opts.color, gapAfter: opts.gap, maxHeight: opts.maxHeight };
  doc.font(font);
  for (let size = opts.max; size >= opts.min; size--) {
    const height = doc.fontSize(size).heightOfString(text, { width: opts.width, features: WHOLE });
    if (height <= opts.maxHeight) return { ...block, size, height };
  }
  return { ...block, size: opts.min, height: opts.maxHeight };
}

function draw(
  doc: Doc,
  block: Block,
  at: { x: number; y: number; width: number; align: Align; link?: string },
) {
  const { x, y, ...options } = at;
  doc
    .font(block.font)
    .fontSize(block.size)
    .fillColor(block.color)
    .text(block.text, x, y, {
      ...options,
      height: block.maxHeight,
      ellipsis: true,
      features: WHOLE,
    });
}

/** The QR code as vector squares (one rectangle per run of dark modules), linked to `url`. */
function drawQr(doc: Doc, url: string, x: number, y: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const cell = QR_SIZE / modules.size;
  doc.save().fillColor('#000000');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      const start = col;
      while (col + 1 < modules.size && modules.get(row, col + 1)) col++;
      // A hair wider than the run, so no seam shows between rows in a viewer that anti-aliases.
      doc.rect(x + start * cell, y + row * cell, (col - start + 1) * cell + 0.05, cell + 0.05);
    }
  }
  doc.fill().restore();
  doc.link(x, y, QR_SIZE, QR_SIZE, url);
}

interface OpenedImage {
  width: number;
  height: number;
  orientation: number;
}

/** The logo on a white tile at the left of the band; the tile's right edge, or undefined. */
function drawLogo(doc: Doc, data: Buffer): number | undefined {
  const box = { width: 150, height: 56, pad: 8 };
  try {
    // Opened first to size the tile; PDFKit's types do not declare openImage, its JS has it.
    const image = (doc as Doc & { openImage(src: Buffer): OpenedImage }).openImage(data);
    // A JPEG turned by its EXIF orientation (5–8) is drawn a quarter turn round.
    const [w, h] =
      image.orientation > 4 ? [image.height, image.width] : [image.width, image.height];
    const scale = Math.min(box.width / w, box.height / h);
    const [width, height] = [w * scale, h * scale];
    const tile = { x: 32, y: (BAND - height) / 2 - box.pad };
    doc
      .roundedRect(tile.x, tile.y, width + 2 * box.pad, height + 2 * box.pad, 6)
      .fill(PAPER)
      .image(image as unknown as Buffer, tile.x + box.pad, tile.y + box.pad, {
        fit: [width, height],
      });
    return tile.x + width + 2 * box.pad;
  } catch {
    // Not an image PDFKit reads after all: the certificate is made without the logo.
    return undefined;
  }
}

interface Palette {
  primary: string;
  secondary: string;
  tertiary: string;
  /** The primary colour darkened or lightened until it reads on paper (AA). */
  accent: string;
}

/** The band across the top: the logo at its left, the organisation's name beside it. */
function drawBand(doc: Doc, input: CertificatePdfInput, fonts: CertificateFonts, palette: Palette) {
  const { width: W, height: H } = PAGE;
  doc.rect(0, 0, W, H).fill(PAPER);
  doc.rect(0, 0, W, BAND).fill(palette.primary);
  doc.rect(0, BAND, W, RULE).fill(palette.secondary);
  doc.rect(0, H - FOOT - RULE, W, RULE).fill(palette.tertiary);
  doc.rect(0, H - FOOT, W, FOOT).fill(palette.primary);
  const logoRight = input.logo ? drawLogo(doc, input.logo.data) : undefined;
  // Beside the logo, or centred when there is none.
  const x = logoRight === undefined ? MARGIN : logoRight + 24;
  const width = W - MARGIN - x;
  const org = fitted(doc, printable(fonts.bold, input.organisationName), 'bold', {
    max: 22,
    min: 10,
    width,
    maxHeight: BAND - 24,
    color: readableTextOn(palette.primary),
    gap: 0,
  });
  const align = logoRight === undefined ? 'center' : 'left';
  draw(doc, org, { x, y: (BAND - org.height) / 2, width, align });
}

/** Title, learner, topic and date, centred between the band and the top of the QR code. */
function drawBody(
  doc: Doc,
  texts: { title: string; awardedTo: string; learner: string; forCompleting: string },
  more: { topic: string; issuedOn: string; bottom: number; palette: Palette },
) {
  const width = PAGE.width - 2 * MARGIN - 40;
  const line = (value: string, color: string, gap: number) =>
    fitted(doc, value, 'regular', { max: 14, min: 14, width, maxHeight: 40, color, gap });
  const big = (value: string, max: number, min: number, maxHeight: number, gap: number) =>
    fitted(doc, value, 'bold', { max, min, width, maxHeight, color: INK, gap });
  const blocks = [
    { ...big(texts.title, 32, 18, 44, 18), color: more.palette.accent },
    line(texts.awardedTo, MUTED, 8),
    big(texts.learner, 40, 14, 100, 12),
    line(texts.forCompleting, MUTED, 8),
    big(more.topic, 26, 12, 66, 18),
    line(more.issuedOn, INK, 0),
  ];
  const top = BAND + RULE + 20;
  const total = blocks.reduce((sum, b) => sum + b.height + b.gapAfter, 0);
  let y = top + Math.max(0, (more.bottom - top - total) / 2);
  for (const [index, block] of blocks.entries()) {
    draw(doc, block, { x: (PAGE.width - width) / 2, y, width, align: 'center' });
    y += block.height + block.gapAfter;
    // A short rule in the secondary colour under the title.
    if (index === 0)
      doc.rect(PAGE.width / 2 - 48, y - block.gapAfter / 2 - 1, 96, 2).fill(more.palette.secondary);
  }
}

/** The QR code bottom right; the verify address and the certificate's id right-aligned beside it. */
function drawVerify(doc: Doc, lines: [string, string, string], url: string, palette: Palette) {
  const qr = { x: PAGE.width - MARGIN - QR_SIZE, y: QR_TOP };
  drawQr(doc, url, qr.x, qr.y);
  const width = 380;
  const colors = [MUTED, palette.accent, MUTED];
  const note = lines.map((value, i) =>
    fitted(doc, value, 'regular', {
      max: 9,
      min: 9,
      width,
      maxHeight: 36,
      color: colors[i]!,
      gap: 1,
    }),
  );
  let y = qr.y + QR_SIZE - note.reduce((sum, b) => sum + b.height + b.gapAfter, 0);
  for (const [index, block] of note.entries()) {
    const link = index === 1 ? url : undefined;
    draw(doc, block, { x: qr.x - 14 - width, y, width, align: 'right', link });
    y += block.height + block.gapAfter;
  }
}

export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const t = certificateTexts(input.locale);
  const date = formatIssuedDate(t, input.issuedAt);
  const fonts = certificateFonts();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    lang: t.lang,
    displayTitle: true,
    info: {
      Title: `${t.title} — ${input.topicName}`,
      Author: input.organisationName,
      Subject: t.subject(input.learnerName, input.topicName),
      Keywords: input.certificateId,
      CreationDate: new Date(input.issuedAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // PDFKit takes a parsed fontkit font as well as a file; its types only know files.
  doc.registerFont('regular', fonts.regular as unknown as Buffer);
  doc.registerFont('bold', fonts.bold as unknown as Buffer);

  const primary = hex(input.theme.primaryColor, '#334155');
  const palette: Palette = {
    primary,
    secondary: hex(input.theme.secondaryColor, primary),
    tertiary: hex(input.theme.tertiaryColor, primary),
    accent: ensureContrast(primary, PAPER),
  };
  drawBand(doc, input, fonts, palette);
  drawBody(
    doc,
    { ...t, learner: printable(fonts.bold, input.learnerName) },
    {
      topic: printable(fonts.bold, input.topicName),
      issuedOn: t.issuedOn(date),
      bottom: QR_TOP - 12,
      palette,
    },
  );
  const regular = (value: string) => printable(fonts.regular, value);
  drawVerify(
    doc,
    [t.verifyAt, regular(input.verifyUrl), regular(t.certificateId(input.certificateId))],
    input.verifyUrl,
    palette,
  );
  doc.end();
  return done;
}
