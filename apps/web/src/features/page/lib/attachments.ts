/** docs/product-spec.md §5: a video is an attachment whose URL ends in .mp4 (its query and fragment aside). */
export function isVideoUrl(url: string): boolean {
  return /\.mp4$/i.test(url.split(/[?#]/, 1)[0] ?? '');
}

/** The file type a download link names: its extension, uppercased ("CSV"), if any. */
export function fileTypeOf(url: string): string | null {
  const name = (url.split(/[?#]/, 1)[0] ?? '').split('/').pop() ?? '';
  const match = /\.([a-z0-9]{1,8})$/i.exec(name);
  return match?.[1] ? match[1].toUpperCase() : null;
}
