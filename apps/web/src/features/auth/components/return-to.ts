/**
 * Where to go after logging in on the page (docs/product-spec.md §4: "a returned URL"): `?returnTo=` or the
 * router state's `from`, when it is a path of this site; never another origin.
 */
export function safeReturnTo(candidate: unknown): string | null {
  if (typeof candidate !== 'string') return null;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\'))
    return null;
  if (/^\/(signin|signup|forgot|resetPassword)(\/|\?|$)/.test(candidate)) return null;
  return candidate;
}
