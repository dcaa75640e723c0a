import { ApiError, authHeaders, localeHeaders } from './client';

/**
 * Downloads what `url` answers (a CSV export) with the viewer's token, and saves it as
 * `filename`: the browser's own download, started from a link made for it.
 */
export async function downloadFile(url: string, filename: string): Promise<void> {
  const response = await fetch(url, { headers: { ...authHeaders(), ...localeHeaders() } });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => null));
  saveBlob(await response.blob(), filename);
}

/** Saves `blob` as `filename`: the browser's own download, started from a link made for it. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Saves `value` as an indented JSON file named `filename` (a document a person may read). */
export function saveJson(value: unknown, filename: string): void {
  saveBlob(
    new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' }),
    filename,
  );
}
