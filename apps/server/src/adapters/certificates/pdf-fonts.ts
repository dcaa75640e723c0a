import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

/**
 * The certificate's fonts: DejaVu Sans (from the `dejavu-fonts-ttf` package), which covers Latin
 * with its accents and extensions, Greek, Cyrillic, Hebrew, Arabic and more, read and parsed once
 * per process. PDFKit takes a parsed fontkit font as it is, so a render only subsets the glyphs
 * it uses. There is no CJK font (a Chinese, Japanese or Korean name would weigh megabytes of
 * glyphs): a character the font lacks is printed as U+FFFD (a question mark in a diamond) rather
 * than an invisible .notdef box, so the page and its text layer both show that something is
 * missing; the Subject of the PDF's properties keeps the name exactly as given.
 */
export interface CertificateFonts {
  regular: Font;
  bold: Font;
}

const REPLACEMENT = 0xfffd;

let fonts: CertificateFonts | undefined;

export function certificateFonts(): CertificateFonts {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    const regular = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
    const bold = regular.replace(/DejaVuSans\.ttf$/, 'DejaVuSans-Bold.ttf');
    fonts = { regular: parse(regular), bold: parse(bold) };
  }
  return fonts;
}

function parse(file: string): Font {
  const font = create(readFileSync(file));
  // A collection (.ttc) would answer `fonts`: the package ships single fonts.
  if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection`);
  return font;
}

/**
 * `text` as `font` can print it: NFC (so an accent is one precomposed glyph where the font has
 * it), control characters and line breaks as single spaces, each character the font has no
 * glyph for as U+FFFD, or `?` if it lacks that too; a combining mark or an invisible format
 * character (joiner, variation selector) it lacks is left out, the letter it marks stays.
 */
export function printable(font: Font, text: string): string {
  const fallback = font.hasGlyphForCodePoint(REPLACEMENT) ? '\uFFFD' : '?';
  let out = '';
  for (const char of text.normalize('NFC').replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ')) {
    if (font.hasGlyphForCodePoint(char.codePointAt(0)!)) out += char;
    else if (!/[\p{Mn}\p{Me}\p{Cf}]/u.test(char)) out += fallback;
  }
  return out.trim();
}
