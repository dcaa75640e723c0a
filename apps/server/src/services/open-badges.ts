import { localise, type RouteAnswer } from '@portal/domain';
import {
  issuerProfile,
  makeSigningKey,
  openBadgeCredential,
  signOpenBadge,
  subjectUrn,
  type IssuerProfile,
  type SigningKey,
} from '../adapters/certificates/open-badge';
import type { Db } from '../db/database';
import { findCertificate } from '../db/repositories/certificates';
import { findOrganisationById, type OrganisationRecord } from '../db/repositories/organisations';
import {
  currentSigningKey,
  insertSigningKey,
  publicSigningKeys,
} from '../db/repositories/signing-keys';
import { gone, notFound } from './errors';
import type { OrganisationService } from './organisation-service';
import type { SiteLinks } from './site-links';

/**
 * A certificate as an Open Badges 3.0 credential (docs/design.md §16), signed with its
 * organisation's key, made the first time one is needed. What is public of the key (its JWKS at
 * `/.well-known/jwks.json` on the organisation's host) and the issuer's Profile live at the
 * organisation's own addresses, which the credential names: `issuer.id` and the header's `kid`.
 * The private half is read only to sign here; no answer and no log carries it.
 */
export class OpenBadgeService {
  constructor(
    private readonly db: Db,
    private readonly organisations: Pick<OrganisationService, 'aliasForHost' | 'find'>,
    private readonly links: SiteLinks,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The issuer's id: the URL of its Profile. */
  issuerId(org: OrganisationRecord): string {
    return this.links.page(org, `/api/org/${encodeURIComponent(org.alias)}/issuer`);
  }

  /** A key's id as the JWS header and the JWKS carry it: a URL that resolves to the key. */
  private keyUrl(org: OrganisationRecord, thumbprint: string): string {
    return `${this.links.page(org, '/.well-known/jwks.json')}#${thumbprint}`;
  }

  /** The organisation's current key, made and stored the first time (one, whoever races). */
  private async signingKey(org: OrganisationRecord): Promise<SigningKey> {
    let key = await currentSigningKey(this.db, org.id);
    if (!key) {
      const made = await makeSigningKey();
      await insertSigningKey(this.db, org.id, {
        kid: made.thumbprint,
        alg: made.alg,
        publicJwk: made.publicJwk,
        privateKeyPem: made.privateKeyPem,
        createdAt: this.now().toISOString(),
      });
      // Another process may have stored its own first: the stored one signs.
      key = await currentSigningKey(this.db, org.id);
      if (!key) throw new Error('the signing key just stored cannot be read back');
    }
    return { kid: this.keyUrl(org, key.kid), alg: key.alg, privateKeyPem: key.privateKeyPem };
  }

  /** The organisation of a host name, as the site's pages find it (404 when none). */
  private async orgOfHost(host: string | undefined): Promise<OrganisationRecord> {
    const alias = await this.organisations.aliasForHost(host);
    const org = alias ? await this.organisations.find(alias) : null;
    if (!org) throw notFound('noOrganisation');
    return org;
  }

  /** The public keys of the organisation of `host` (retired ones too), as a JWKS. */
  async jwks(host: string | undefined): Promise<RouteAnswer<'openBadgeKeys'>> {
    const org = await this.orgOfHost(host);
    const keys = await publicSigningKeys(this.db, org.id);
    return {
      keys: keys.map((k) => ({
        kty: String(k.publicJwk.kty),
        crv: String(k.publicJwk.crv),
        x: String(k.publicJwk.x),
        y: String(k.publicJwk.y),
        kid: this.keyUrl(org, k.kid),
        alg: k.alg,
        use: 'sig',
      })),
    };
  }

  /** The issuer's Profile: who signs the organisation's badges, and its site. */
  issuer(org: OrganisationRecord, locale: string): IssuerProfile {
    return issuerProfile({
      id: this.issuerId(org),
      name: localise(org.settings.name, locale),
      url: this.links.origin(org),
    });
  }

  /**
   * A valid certificate as a signed Open Badges 3.0 credential (a VC-JWT), its texts in `locale`
   * when the organisation offers it, else in the certificate's own; a revoked one is gone (410).
   */
  async badge(id: string, locale: string | undefined): Promise<{ filename: string; jwt: string }> {
    const c = await findCertificate(this.db, id);
    if (!c) throw notFound('certificateNotFound');
    if (c.revokedAt) throw gone('certificateRevoked');
    const org = await findOrganisationById(this.db, c.orgId);
    if (!org) throw notFound('certificateNotFound');
    const lang = locale && org.settings.locales.includes(locale) ? locale : c.locale;
    const credential = openBadgeCredential({
      id: this.links.page(org, `/verify/${c.id}`),
      issuer: {
        id: this.issuerId(org),
        name: localise(c.organisationName, lang),
        url: this.links.origin(org),
      },
      issuedAt: c.issuedAt,
      subjectId: subjectUrn(org.id, c.userId),
      learnerName: c.learnerName,
      achievement: {
        id: this.links.page(org, `/topic/${encodeURIComponent(c.topicId)}`),
        topicName: localise(c.topicName, lang),
      },
      locale: lang,
    });
    const jwt = await signOpenBadge(credential, await this.signingKey(org));
    return { filename: `open-badge-${c.topicId}-${c.id.slice(0, 8)}.jwt`, jwt };
  }
}
