import { describe, expect, it } from 'vitest';
import { checkImageFiles } from './upload-checks';

const file = (type: string, size: number) => ({ type, size });

describe('checkImageFiles (docs/product-spec.md §5: one file, image types only, size limits)', () => {
  it('accepts one PNG, JPEG, GIF or WebP image within the limits', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      const one = file(type, 2_000);
      expect(checkImageFiles([one])).toEqual({ ok: true, file: one });
    }
  });

  it('has nothing to do without a file (the picker was cancelled)', () => {
    expect(checkImageFiles([])).toBeNull();
  });

  it('refuses more than one file', () => {
    expect(checkImageFiles([file('image/png', 500), file('image/png', 500)])).toEqual({
      ok: false,
      problem: { id: 'tooManyFiles' },
    });
  });

  it('refuses other types, SVG and PDF included', () => {
    for (const type of ['image/svg+xml', 'application/pdf', 'text/plain', '']) {
      expect(checkImageFiles([file(type, 500)])).toEqual({
        ok: false,
        problem: { id: 'upload.fileType' },
      });
    }
  });

  it('refuses files over 5 MB (said in MB, as the hint says it) and under 100 bytes', () => {
    expect(checkImageFiles([file('image/png', 5_000_001)])).toEqual({
      ok: false,
      problem: { id: 'profile.pictureTooLarge', megabytes: 5 },
    });
    expect(checkImageFiles([file('image/png', 99)])).toEqual({
      ok: false,
      problem: { id: 'upload.tooSmall', size: 100 },
    });
    expect(checkImageFiles([file('image/png', 5_000_000)])?.ok).toBe(true);
    expect(checkImageFiles([file('image/png', 100)])?.ok).toBe(true);
  });
});
