/**
 * Where to write when even the organisation could not load: the server may name an address in
 * index.html (`<meta name="portal-support-email">`), else the build's VITE_SUPPORT_EMAIL.
 */
export function genericSupportEmail(): string {
  const fromPage =
    typeof document !== 'undefined' &&
    document.querySelector<HTMLMetaElement>('meta[name="portal-support-email"]')?.content;
  return (
    fromPage || (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) || 'support@example.com'
  );
}
