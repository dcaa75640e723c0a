import { resolveLocale, type BundleView, type OrganisationView } from '@portal/domain';
import type { Caches, NamedCache } from '../cache';
import type { Db } from '../db/database';
import {
  aliasOfHost,
  bundlesOf,
  catalogueOf,
  contentHashOf,
  findOrganisation,
  topicGrantsOf,
  type OrganisationRecord,
} from '../db/repositories/organisations';
import { bundlesUnlocking, ownsBundle, VISITOR, type Viewer } from '../policies';
import { organisationView } from '../presenters/organisation';
import { CachedText } from './cached-text';
import { importContentPack, type ImportOptions, type ImportResult } from './content-pack-service';
import { notFound } from './errors';

export type { OrganisationRecord };

/**
 * How long a stored content hash is trusted before it is read again: a
 * change written by a process that could not say so on the bus (the CLI without Redis) is seen
 * within about this long.
 */
const HASH_CHECKED_MS = 1_000;
/** How long a host name's organisation is trusted (hosts changed without the bus, likewise). */
const HOST_TRUSTED_MS = 1_000;

/** The organisation picked by host names (docs/configuration.md, "Organisations by host"). */
export interface HostRules {
  baseDomain: string;
  defaultOrg: string;
}

/**
 * Organisations and their public views, in named caches that depend on the organisation's
 * content: `caches.changed({content: {org}})` (an import, a publication) drops them on every
 * process. A change made where the bus does not reach (the CLI without Redis) is found by the
 * stored content hash, read again at most once a second.
 */
export class OrganisationService {
  private readonly records: NamedCache<string, OrganisationRecord>;
  private readonly hashes: NamedCache<OrganisationRecord, { hash: string | undefined }>;
  private readonly hostAliases: NamedCache<string, { alias: string | null }>;
  /** Serialised answers by organisation, locale and the set of topics a viewer may see. */
  private readonly views: NamedCache<
    { org: OrganisationRecord; locale: string; viewer: Viewer },
    CachedText
  >;

  constructor(
    private readonly db: Db,
    private readonly hosts: HostRules,
    private readonly caches: Caches,
    private readonly uploadUrl: string = '/api/upload',
  ) {
    this.records = caches.define('organisations', {
      key: (alias) => alias,
      load: async (alias) => (await findOrganisation(db, alias)) ?? undefined,
      dependsOn: (_alias, record) => [{ content: { org: record.id } }, { hosts: true }],
    });
    this.hashes = caches.define('organisation-hashes', {
      key: (record) => record.alias,
      load: async (record) => ({ hash: await contentHashOf(db, record.alias) }),
      dependsOn: (record) => [{ content: { org: record.id } }],
      // Waited for (as before the cache module): the request after a second sees the change.
      ttlMs: HASH_CHECKED_MS,
    });
    this.hostAliases = caches.define('host-aliases', {
      max: 10_000,
      key: (host) => host,
      load: async (host) => ({ alias: await this.lookupHost(host) }),
      dependsOn: () => [{ hosts: true }],
      ttlMs: HOST_TRUSTED_MS,
    });
    this.views = caches.define('organisation-views', {
      maxSize: 32 * 1024 * 1024,
      sizeOf: (answer) => answer.text.length * 2,
      key: ({ org, locale, viewer }) => `${org.id}\u0000${locale}\u0000${viewer.key}`,
      load: async ({ org, locale, viewer }) =>
        new CachedText(JSON.stringify(await this.buildView(org, locale, viewer))),
      dependsOn: ({ org }) => [{ content: { org: org.id } }],
    });
  }

  /**
   * Imports a content pack (content-pack-service) and says what changed, so that every process
   * serves the new content at once.
   */
  async importPack(input: unknown, options: ImportOptions = {}): Promise<ImportResult> {
    const result = await importContentPack(this.db, input, options);
    if (result.ok && result.changed)
      await this.caches.changed({ content: { org: result.organisationId } }, { hosts: true });
    return result;
  }

  /** Drops what is kept of one organisation's content, or of every organisation (tests). */
  async invalidate(alias?: string): Promise<void> {
    const record = alias ? this.records.peek(alias) : undefined;
    if (record) await this.caches.changed({ content: { org: record.id } }, { hosts: true });
    else this.caches.clear();
  }

  /**
   * The organisation of `alias` when what `find` reads is fresh in this process (the hot path of
   * every request), else undefined: then `find` reads it.
   */
  cached(alias: string): OrganisationRecord | undefined {
    const record = this.records.fresh(alias);
    if (!record) return undefined;
    return this.hashes.fresh(record)?.hash === record.contentHash ? record : undefined;
  }

  async find(alias: string): Promise<OrganisationRecord | null> {
    const record = await this.records.get(alias);
    if (!record) return null;
    const stored = await this.hashes.get(record);
    if (stored?.hash === record.contentHash) return record;
    // Changed without a word on the bus: what depends on its content goes, here.
    this.caches.drop({ content: { org: record.id } });
    this.caches.drop({ hosts: true });
    return (await this.records.get(alias)) ?? null;
  }

  /**
   * The organisation chosen by a host name: an exact match of one of its hosts, else the first
   * label under the base domain as its alias, else the default on a local address.
   */
  async aliasForHost(hostHeader: string | undefined): Promise<string | null> {
    const host = (hostHeader ?? '')
      .toLowerCase()
      .replace(/:\d+$/, '')
      .replace(/^\[|\]$/g, '');
    return (await this.hostAliases.get(host))?.alias ?? null;
  }

  private async lookupHost(host: string): Promise<string | null> {
    const { baseDomain, defaultOrg } = this.hosts;
    if (!host) return defaultOrg;
    const exact = await aliasOfHost(this.db, host);
    if (exact) return exact;
    if (host.endsWith(`.${baseDomain}`)) {
      const labels = host.slice(0, -(baseDomain.length + 1)).split('.');
      const label = labels[labels.length - 1];
      // Only an organisation's alias: a label no organisation has picks none (issue 16).
      return label && (await this.find(label)) ? label : null;
    }
    if (host === baseDomain || host === 'localhost' || host === '127.0.0.1' || host === '::1')
      return defaultOrg;
    return null;
  }

  /** The organisation as the API shapes it, localised, serialised once per locale and audience. */
  async viewJson(
    org: OrganisationRecord,
    requestedLocale: string | undefined,
    viewer: Viewer = VISITOR,
  ): Promise<string> {
    return (await this.viewAnswer(org, requestedLocale, viewer)).text;
  }

  /** As viewJson, with its compressed forms kept beside it once made. */
  async viewAnswer(
    org: OrganisationRecord,
    requestedLocale: string | undefined,
    viewer: Viewer = VISITOR,
  ): Promise<CachedText> {
    const record = (await this.find(org.alias)) ?? org;
    const locale = resolveLocale(requestedLocale, record.settings.locales);
    const answer = await this.views.get({ org: record, locale, viewer });
    if (!answer) throw new Error('an organisation view was not made');
    return answer;
  }

  private async buildView(
    org: OrganisationRecord,
    locale: string,
    viewer: Viewer,
  ): Promise<OrganisationView> {
    return organisationView(
      org,
      await catalogueOf(this.db, org.id),
      locale,
      viewer,
      this.uploadUrl,
    );
  }

  async bundles(org: OrganisationRecord, viewer: Viewer = VISITOR): Promise<BundleView[]> {
    const byLocale = (text: unknown): Record<string, string> => {
      if (text == null) return {};
      if (typeof text === 'string')
        return Object.fromEntries(org.settings.locales.map((l) => [l, text]));
      return text as Record<string, string>;
    };
    return (await bundlesOf(this.db, org.id)).map((b) => ({
      _id: b._id,
      name: byLocale(b.name),
      description: byLocale(b.description),
      longDescription: byLocale(b.longDescription),
      price: b.price,
      ...(b.bundleImage && { bundleImage: b.bundleImage }),
      userGroup: b.userGroup,
      isMemberOf: ownsBundle(viewer, b),
      discountTiers: b.discountTiers ?? [],
    }));
  }

  /**
   * The bundles that would open a topic the viewer may not see (a visitor's or a learner's
   * "private topic" screen names them); none for a topic they may see. 404 for an unknown topic.
   */
  async unlockingBundles(
    org: OrganisationRecord,
    topicId: string,
    viewer: Viewer = VISITOR,
  ): Promise<BundleView[]> {
    const grants = await topicGrantsOf(this.db, org.id, topicId);
    if (!grants) throw notFound('topicNotFound');
    return bundlesUnlocking(
      viewer,
      { _id: topicId, visibility: grants.visibility },
      grants.groupIds,
      await this.bundles(org, viewer),
    );
  }
}
