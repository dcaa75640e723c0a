/** docs/product-spec.md §5 image upload: one file, image types only; the limits of the profile picture. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 5_000_000;
export const IMAGE_MIN_BYTES = 100;

/**
 * Why a choice of files cannot be uploaded: a message id and its values (`tooManyFiles`: the
 * error catalogue's, as the server says it).
 */
export type UploadProblem =
  | { id: 'tooManyFiles' }
  | { id: 'upload.fileType' }
  | { id: 'profile.pictureTooLarge'; megabytes: number }
  | { id: 'upload.tooSmall'; size: number };

export type UploadCheck<F> = { ok: true; file: F } | { ok: false; problem: UploadProblem };

/**
 * Checks the files picked or dropped before anything is sent: exactly one, of an image type,
 * within the size limits. Null when there is nothing to upload (the picker was cancelled).
 */
export function checkImageFiles<F extends { type: string; size: number }>(
  files: readonly F[],
): UploadCheck<F> | null {
  const [file] = files;
  if (!file) return null;
  if (files.length > 1) return { ok: false, problem: { id: 'tooManyFiles' } };
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type))
    return { ok: false, problem: { id: 'upload.fileType' } };
  if (file.size > IMAGE_MAX_BYTES)
    // In MB, as the hint under the picture says it (issue 24, point 10).
    return {
      ok: false,
      problem: { id: 'profile.pictureTooLarge', megabytes: IMAGE_MAX_BYTES / 1_000_000 },
    };
  if (file.size < IMAGE_MIN_BYTES)
    return { ok: false, problem: { id: 'upload.tooSmall', size: IMAGE_MIN_BYTES } };
  return { ok: true, file };
}
