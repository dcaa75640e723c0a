import {
  localise,
  resolveLocale,
  type BundleView,
  type OrganisationView,
  type Topic,
} from '@portal/domain';
import { LRUCache } from 'lru-cache';
import type { PubSub } from '../adapters/pubsub/pubsub';
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
import {
  bundlesUnlocking,
  canSeePage,
  canSeeTopic,
  canSeeTopicGroupCard,
  ownsBundle,
  VISITOR,
  type Viewer,
} from '../policies';
import { CachedText } from './cached-text';
import { notFound } from './errors';

export type { OrganisationRecord };

/** How long a cached organisation is trusted before its content hash is checked again. */
const REVALIDATE_MS = 1_000;

interface CachedOrg {
  record: OrganisationRecord;
  checkedAt: number;
  /** Serialised answers by `${locale}|${viewer key}`. */
  views: LRUCache<string, CachedText>;
}

/** The organisation picked by host names (docs/configuration.md, "Organisations by host"). */
export interface HostRules {
  baseDomain: string;
  defaultOrg: string;
}

/**
 * Organisations and their public views, cached in memory. An import in this process calls
 * `invalidate`; an import by another process (the CLI) is seen within REVALIDATE_MS, because
 * the cache compares the stored content hash at most that often.
 */
export class OrganisationService {
  private readonly cache = new LRUCache<string, CachedOrg>({ max: 1_000 });
  private readonly hostCache = new LRUCache<string, { alias: string | null }>({
    max: 10_000,
    ttl: REVALIDATE_MS,
  });

  constructor(
    private readonly db: Db,
    private readonly hosts: HostRules,
    private readonly uploadUrl: string = '/api/upload',
  ) {}

  /**
   * Imports announced on `channel` (by the CLI, with REDIS_URL) empty this cache at once, rather
   * than within REVALIDATE_MS (issue 16, point 4).
   */
  listenForImports(bus: PubSub, channel: string): void {
    bus.subscribe(channel, (alias) => this.invalidate(alias || undefined));
  }

  invalidate(alias?: string): void {
    if (alias) this.cache.delete(alias);
    else this.cache.clear();
    this.hostCache.clear();
  }

  async find(alias: string): Promise<OrganisationRecord | null> {
    const entry = await this.entry(alias);
    return entry?.record ?? null;
  }

  private async entry(alias: string): Promise<CachedOrg | null> {
    const cached = this.cache.get(alias);
    const now = Date.now();
    if (cached && now - cached.checkedAt < REVALIDATE_MS) return cached;
    if (cached && (await contentHashOf(this.db, alias)) === cached.record.contentHash) {
      cached.checkedAt = now;
      return cached;
    }
    const record = await findOrganisation(this.db, alias);
    if (!record) {
      this.cache.delete(alias);
      return null;
    }
    // Views by locale and by the set of topics a viewer may see: few per organisation.
    const fresh: CachedOrg = { record, checkedAt: now, views: new LRUCache({ max: 500 }) };
    this.cache.set(alias, fresh);
    return fresh;
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
    const hit = this.hostCache.get(host);
    if (hit) return hit.alias;
    const alias = await this.lookupHost(host);
    this.hostCache.set(host, { alias });
    return alias;
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
    const entry = await this.entry(org.alias);
    const record = entry?.record ?? org;
    const locale = resolveLocale(requestedLocale, record.settings.locales);
    const cacheKey = `${locale}|${viewer.key}`;
    let answer = entry?.views.get(cacheKey);
    if (!answer) {
      answer = new CachedText(JSON.stringify(await this.buildView(record, locale, viewer)));
      entry?.views.set(cacheKey, answer);
    }
    return answer;
  }

  private async buildView(
    org: OrganisationRecord,
    locale: string,
    viewer: Viewer,
  ): Promise<OrganisationView> {
    const catalogue = await catalogueOf(this.db, org.id);
    const topics = new Map<string, Topic>();
    let general: Topic | undefined;
    let hasHiddenTopics = false;
    for (const entry of catalogue.topics) {
      if (!canSeeTopic(viewer, { _id: entry.id, visibility: entry.visibility })) {
        hasHiddenTopics ||= !entry.isGeneral;
        continue;
      }
      if (entry.isGeneral) general = entry.topic;
      else topics.set(entry.id, entry.topic);
    }
    const ref = (t: Topic) => ({
      _id: t._id,
      name: localise(t.name, locale),
      ...(t.topicImage && {
        topicImage: {
          secure_url: t.topicImage.secure_url,
          // Size and smaller copies, from the import (undefined ones drop out of the JSON).
          width: t.topicImage.width,
          height: t.topicImage.height,
          sources: t.topicImage.sources,
        },
      }),
      // The topic card's progress counts the pages every learner sees, of those this viewer may
      // open: a private page's id is not shown to whoever cannot open it.
      pageIds: t.pages
        .filter((page) => !page.showCondition && canSeePage(viewer, t._id, page))
        .map((page) => page._id),
    });
    const s = org.settings;
    const groups = catalogue.groups
      .filter((g) => canSeeTopicGroupCard(viewer, g))
      .map(({ group, topicIds }) => ({
        _id: group._id,
        name: localise(group.name, locale),
        description: localise(group.description, locale),
        ...(group.topicGroupImage && { topicGroupImage: group.topicGroupImage }),
        topics: topicIds.flatMap((id) => {
          const topic = topics.get(id);
          return topic ? [ref(topic)] : [];
        }),
      }))
      .filter((g) => g.topics.length > 0);

    return {
      _id: org.id,
      alias: org.alias,
      name: localise(s.name, locale),
      locales: s.locales,
      currentLocale: locale,
      theme: s.theme,
      ...(s.logoImage && { logoImage: s.logoImage }),
      ...(s.gaUid && { gaUid: s.gaUid }),
      ...(s.supportEmail && { supportEmail: s.supportEmail }),
      ...(s.currency && { currency: s.currency }),
      homePage: {
        title: localise(s.homePage.title, locale),
        subtitle: localise(s.homePage.subtitle, locale),
        ...(s.homePage.heroImage && { heroImage: s.homePage.heroImage }),
        promos: s.homePage.promos.map((p) => ({
          _id: p._id,
          title: localise(p.title, locale),
          description: localise(p.description, locale),
        })),
        showSiteMap: s.homePage.showSiteMap,
      },
      topics: [...topics.values()].map(ref),
      topicGroups: groups,
      ...(general && {
        general: {
          _id: 'general' as const,
          name: localise(general.name, locale),
          description: localise(general.description, locale),
          isGeneral: true as const,
          ...(general.topicImage && { topicImage: { secure_url: general.topicImage.secure_url } }),
        },
      }),
      glossary: s.glossary.map((g) => ({
        word: g.word,
        ...(g.plural && { plural: g.plural }),
        definition: localise(g.definition, locale),
      })),
      contact: s.contact,
      disableSelfSignup: s.disableSelfSignup,
      ...(s.userSignUpAgreement && { userSignUpAgreement: s.userSignUpAgreement }),
      enableMessaging: s.enableMessaging,
      constraints: s.constraints,
      upload: { url: this.uploadUrl, preset: org.alias, tag: 'flcms' },
      hasBundles: catalogue.bundleCount > 0,
      hasHiddenTopics,
    };
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
