const LINE_BREAKS = /<br\s*\/?>|<\/(?:p|div|li|h[1-6]|blockquote)>/gi;

/** Plain text of a description that may be author HTML, with line breaks where blocks end. */
function toText(description: string): string {
  if (!/<[a-z/!]/i.test(description)) return description;
  const template = document.createElement('template');
  template.innerHTML = description.replace(LINE_BREAKS, (tag) => `${tag}\n`);
  return template.content.textContent ?? '';
}

/** A topic group card shows only the first line of the group's description (docs/product-spec.md §2). */
export function firstLine(description: string | undefined): string {
  if (!description) return '';
  return (
    toText(description)
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}
