import type { OrganisationRecord } from '../db/repositories/organisations';

export interface SiteLinkConfig {
  /** Scheme and port of public links (PUBLIC_ORIGIN); unset on a development machine. */
  publicOrigin: { protocol: 'http:' | 'https:'; port: string } | undefined;
  baseDomain: string;
  port: number;
  /** The organisation of `localhost` and of the bare base domain (DEFAULT_ORG). */
  defaultOrg: string;
}

/** Where the request that asks for a mail came from: its `Host` and scheme. */
export interface RequestAddress {
  host: string | undefined;
  protocol: 'http' | 'https';
}

/** The address of a request, as SiteLinks takes it (Fastify's `request.host` and `protocol`). */
export const requestAddress = (request: { host: string; protocol: string }): RequestAddress => ({
  host: request.host,
  protocol: request.protocol === 'https' ? 'https' : 'http',
});

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The addresses put in mail (reset links, invitations, receipts).
 *
 * A mail asked for by a request links to the address that request came to, when that address is
 * one of the organisation's own (issue 24): a learner on `http://localhost:3000` gets a reset link
 * there, and the tab it opens shares the first tab's storage. Its own addresses are its `hosts`,
 * `{alias}.{BASE_DOMAIN}` and, for the default organisation, the bare base domain (and, on a
 * development machine, `localhost`); a `Host` naming anything else — another organisation, a
 * stranger — is never used, so a forged header cannot put a foreign origin in a mail.
 *
 * Otherwise the address comes from configuration. With PUBLIC_ORIGIN:
 * `{its scheme}://{the organisation's first host}{its port}`, or `{alias}.{BASE_DOMAIN}` for an
 * organisation without hosts. Without it (development): `http://{alias}.{BASE_DOMAIN}:{PORT}`,
 * which picks the organisation on this machine (`*.localhost` is the machine itself).
 */
export class SiteLinks {
  constructor(private readonly config: SiteLinkConfig) {}

  origin(org: OrganisationRecord, from?: RequestAddress): string {
    const { publicOrigin, baseDomain, port } = this.config;
    const own = from && this.ownHost(org, from.host);
    if (!publicOrigin) {
      if (own) return new URL(`${from.protocol}://${own}`).origin;
      return `http://${org.alias}.${baseDomain}:${port}`;
    }
    const host = own ?? org.settings.hosts[0] ?? `${org.alias}.${baseDomain}`;
    // A pack host may carry its own port; otherwise the public origin's (none for 80/443).
    const suffix = /:\d+$/.test(host) || !publicOrigin.port ? '' : `:${publicOrigin.port}`;
    return `${publicOrigin.protocol}//${host}${suffix}`;
  }

  /** A page of the organisation's site, e.g. `/resetPassword/…`, on `from` when it is its own. */
  page(org: OrganisationRecord, path: string, from?: RequestAddress): string {
    return `${this.origin(org, from)}${path.startsWith('/') ? path : `/${path}`}`;
  }

  /**
   * `hostHeader` when it names one of the organisation's own addresses, else null. Without
   * PUBLIC_ORIGIN it is kept whole (with its port: the machine's); with it, the matching name
   * as configured (the public origin decides the port).
   */
  private ownHost(org: OrganisationRecord, hostHeader: string | undefined): string | null {
    const { publicOrigin, baseDomain, defaultOrg } = this.config;
    const header = (hostHeader ?? '').trim().toLowerCase();
    if (!header) return null;
    let url: URL;
    try {
      url = new URL(`http://${header}`);
    } catch {
      return null;
    }
    // Only a bare host and port: no user, path or anything a URL would quietly drop.
    if (url.host !== header.replace(/:80$/, '') || url.pathname !== '/') return null;
    const name = url.hostname;
    const names = [...org.settings.hosts, `${org.alias}.${baseDomain}`];
    if (org.alias === defaultOrg) names.push(baseDomain, ...LOOPBACK_NAMES);
    // Behind a public origin, a loopback name is the machine's, not a public address.
    const own = names
      .map((h) => h.toLowerCase())
      .filter((h) => !publicOrigin || !LOOPBACK_NAMES.includes(h));
    if (!publicOrigin)
      return own.some((h) => h === header || h.replace(/:\d+$/, '') === name) ? header : null;
    return own.find((h) => h === header || h === name) ?? null;
  }
}
