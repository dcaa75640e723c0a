import { PDFiumLibrary } from '@hyzyla/pdfium';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';

/** A PDF read back as a stranger's reader would: its pages, text, metadata and text positions. */
export async function readPdf(pdf: Buffer) {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text, totalPages } = await extractText(doc, { mergePages: true });
  const { info } = await getMeta(doc);
  const page = await doc.getPage(1);
  const [, , width, height] = page.view as [number, number, number, number];
  const items = (await page.getTextContent()).items.flatMap((item) =>
    'str' in item && item.str.trim()
      ? [
          {
            str: item.str,
            x: item.transform[4],
            y: item.transform[5],
            w: item.width,
            h: item.height,
          },
        ]
      : [],
  );
  return {
    text: text.replace(/\s+/g, ' '),
    totalPages,
    info: info as Record<string, unknown>,
    page: { width, height, items },
  };
}

/** A page of `pdf` drawn by PDFium (WebAssembly) at `dpi`, as RGBA pixels. */
export async function renderPdfPage(pdf: Buffer, dpi = 150, pageIndex = 0) {
  const library = await PDFiumLibrary.init();
  try {
    const doc = await library.loadDocument(new Uint8Array(pdf));
    try {
      const image = await doc.getPage(pageIndex).render({ scale: dpi / 72, render: 'bitmap' });
      return { width: image.width, height: image.height, rgba: Buffer.from(image.data) };
    } finally {
      doc.destroy();
    }
  } finally {
    library.destroy();
  }
}

type Rendered = Awaited<ReturnType<typeof renderPdfPage>>;

/** The text of the QR code found in the image, or undefined. */
export function decodeQr({ width, height, rgba }: Rendered): string | undefined {
  const pixels = new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  return jsQR(pixels, width, height)?.data;
}

export function pagePng({ width, height, rgba }: Rendered): Promise<Buffer> {
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}
