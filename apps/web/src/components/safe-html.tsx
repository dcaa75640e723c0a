import { useMemo } from 'react';
import { sanitizeHtml } from '../lib/sanitize';

interface SafeHtmlProps {
  html: string;
  className?: string;
}

/** Renders author HTML, always through the one sanitizer. */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
