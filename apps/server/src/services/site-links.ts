import type { OrganisationRecord } from '../db/repositories/organisations';

export interface SiteLinkConfig {
  /** Scheme and port of public links (PUBLIC_ORIGIN); unset on a development machine. */
  publicOrigin: { protocol: 'http:' | 'https:'; port: string } | undefined;
  baseDomain: string;
  port: number;
}

/**
 * The addresses put in mail (reset links, invitations, receipts). They are built from
 * configuration only — the organisation's own host and the configured public origin — never from
 * the request's `Host` or `X-Forwarded-*` headers, which a client can set to anything.
 *
 * With PUBLIC_ORIGIN: `{its scheme}://{the organisation's first host}{its port}`, or
 * `{alias}.{BASE_DOMAIN}` for an organisation without hosts. Without it (development):
 * `http://{alias}.{BASE_DOMAIN}:{PORT}`, which picks the organisation on this machine
 * (`*.localhost` is the machine itself).
 */
export class SiteLinks {
  constructor(private readonly config: SiteLinkConfig) {}

  origin(org: OrganisationRecord): string {
    const { publicOrigin, baseDomain, port } = this.config;
    if (!publicOrigin) return `http://${org.alias}.${baseDomain}:${port}`;
    const host = org.settings.hosts[0] ?? `${org.alias}.${baseDomain}`;
    // A pack host may carry its own port; otherwise the public origin's (none for 80/443).
    const suffix = /:\d+$/.test(host) || !publicOrigin.port ? '' : `:${publicOrigin.port}`;
    return `${publicOrigin.protocol}//${host}${suffix}`;
  }

  /** A page of the organisation's site, e.g. `/resetPassword/…`. */
  page(org: OrganisationRecord, path: string): string {
    return `${this.origin(org)}${path.startsWith('/') ? path : `/${path}`}`;
  }
}
