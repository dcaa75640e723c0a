import {
  localise,
  resolveLocale,
  type BundleView,
  type OrganisationSettings,
  type OrganisationView,
  type Topic,
  type TopicGroup,
} from '@portal/domain';
import type { Db } from '../db/database';

/** How long a cached organisation is trusted before its content hash is checked again. */
const REVALIDATE_MS = 1_000;

export interface OrganisationRecord {
  id: string;
  alias: string;
  contentHash: string;
  settings: OrganisationSettings;
}

interface Audience {
  /** Topic ids this viewer may see beyond the public ones (from their user groups). */
  grantedTopicIds: ReadonlySet<string>;
  /** Stable key of the grant set, for the cache. */
  key: string;
}

export const VISITOR: Audience = { grantedTopicIds: new Set(), key: 'visitor' };

interface CachedOrg {
  record: OrganisationRecord;
  checkedAt: number;
  /** Serialised answers by `${locale}|${audience}`. */
  views: Map<string, string>;
}

/**
 * Organisations and their public views, cached in memory. An import in this process calls
 * `invalidate`; an import by another process (the CLI) is seen within REVALIDATE_MS, because
 * the cache compares the stored content hash at most that often.
 */
export class OrganisationService {
  private readonly cache = new Map<string, CachedOrg>();
  private readonly hostCache = new Map<string, { alias: string | null; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly uploadUrl: string = '/api/upload',
  ) {}

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
    if (cached) {
      const row = await this.db.kysely
        .selectFrom('organisations')
        .select('content_hash')
        .where('alias', '=', alias)
        .executeTakeFirst();
      if (row?.content_hash === cached.record.contentHash) {
        cached.checkedAt = now;
        return cached;
      }
    }
    const row = await this.db.kysely
      .selectFrom('organisations')
      .select(['id', 'alias', 'content_hash', 'settings'])
      .where('alias', '=', alias)
      .executeTakeFirst();
    if (!row) {
      this.cache.delete(alias);
      return null;
    }
    const fresh: CachedOrg = {
      record: {
        id: row.id,
        alias: row.alias,
        contentHash: row.content_hash,
        settings: JSON.parse(row.settings),
      },
      checkedAt: now,
      views: new Map(),
    };
    this.cache.set(alias, fresh);
    return fresh;
  }

  /**
   * The organisation chosen by a host name (design §3): an exact match of one of its hosts, else
   * the first label under the base domain as its alias, else the default on a local address.
   */
  async aliasForHost(
    hostHeader: string | undefined,
    baseDomain: string,
    defaultOrg: string,
  ): Promise<string | null> {
    const host = (hostHeader ?? '')
      .toLowerCase()
      .replace(/:\d+$/, '')
      .replace(/^\[|\]$/g, '');
    const hit = this.hostCache.get(host);
    if (hit && Date.now() - hit.at < REVALIDATE_MS) return hit.alias;
    const alias = await this.lookupHost(host, baseDomain, defaultOrg);
    if (this.hostCache.size > 10_000) this.hostCache.clear();
    this.hostCache.set(host, { alias, at: Date.now() });
    return alias;
  }

  private async lookupHost(
    host: string,
    baseDomain: string,
    defaultOrg: string,
  ): Promise<string | null> {
    if (!host) return defaultOrg;
    const exact = await this.db.kysely
      .selectFrom('org_hosts')
      .innerJoin('organisations', 'organisations.id', 'org_hosts.org_id')
      .select('organisations.alias')
      .where('org_hosts.host', '=', host)
      .executeTakeFirst();
    if (exact) return exact.alias;
    if (host.endsWith(`.${baseDomain}`)) {
      const labels = host.slice(0, -(baseDomain.length + 1)).split('.');
      return labels[labels.length - 1] ?? null;
    }
    if (host === baseDomain || host === 'localhost' || host === '127.0.0.1' || host === '::1')
      return defaultOrg;
    return null;
  }

  /** The organisation as spec §3 shapes it, localised, serialised once per locale and audience. */
  async viewJson(
    alias: string,
    requestedLocale: string | undefined,
    audience: Audience = VISITOR,
  ): Promise<string | null> {
    const entry = await this.entry(alias);
    if (!entry) return null;
    const locale = resolveLocale(requestedLocale, entry.record.settings.locales);
    const cacheKey = `${locale}|${audience.key}`;
    let json = entry.views.get(cacheKey);
    if (!json) {
      json = JSON.stringify(await this.buildView(entry.record, locale, audience));
      entry.views.set(cacheKey, json);
    }
    return json;
  }

  private async buildView(
    org: OrganisationRecord,
    locale: string,
    audience: Audience,
  ): Promise<OrganisationView> {
    const k = this.db.kysely;
    const [topicRows, groupRows, links, bundleCount] = await Promise.all([
      k
        .selectFrom('topics')
        .select(['id', 'is_general', 'visibility', 'data'])
        .where('org_id', '=', org.id)
        .orderBy('position')
        .execute(),
      k
        .selectFrom('topic_groups')
        .select(['id', 'visibility', 'data'])
        .where('org_id', '=', org.id)
        .orderBy('position')
        .execute(),
      k
        .selectFrom('topic_group_topics')
        .select(['group_id', 'topic_id'])
        .where('org_id', '=', org.id)
        .orderBy('position')
        .execute(),
      k
        .selectFrom('bundles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('org_id', '=', org.id)
        .executeTakeFirstOrThrow(),
    ]);
    const canSee = (id: string, visibility: string) =>
      visibility === 'Public' || audience.grantedTopicIds.has(id);
    const topics = new Map<string, Topic>();
    let general: Topic | undefined;
    let hasHiddenTopics = false;
    for (const row of topicRows) {
      if (!canSee(row.id, row.visibility)) {
        hasHiddenTopics ||= row.is_general === 0;
        continue;
      }
      const topic = JSON.parse(row.data) as Topic;
      if (row.is_general) general = topic;
      else topics.set(row.id, topic);
    }
    const ref = (t: Topic) => ({
      _id: t._id,
      name: localise(t.name, locale),
      ...(t.topicImage && { topicImage: { secure_url: t.topicImage.secure_url } }),
    });
    const s = org.settings;
    const groups = groupRows
      .filter(
        (g) =>
          g.visibility === 'Public' ||
          links.some((l) => l.group_id === g.id && audience.grantedTopicIds.has(l.topic_id)),
      )
      .map((g) => {
        const group = JSON.parse(g.data) as Omit<TopicGroup, 'topics'>;
        const members = links
          .filter((l) => l.group_id === g.id)
          .flatMap((l) => {
            const topic = topics.get(l.topic_id);
            return topic ? [ref(topic)] : [];
          });
        return {
          _id: group._id,
          name: localise(group.name, locale),
          description: localise(group.description, locale),
          ...(group.topicGroupImage && { topicGroupImage: group.topicGroupImage }),
          topics: members,
        };
      })
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
      hasBundles: Number(bundleCount.n) > 0,
      hasHiddenTopics,
    };
  }

  async bundles(
    alias: string,
    audience: { groupIds: ReadonlySet<string> } = { groupIds: new Set() },
  ): Promise<BundleView[] | null> {
    const org = await this.find(alias);
    if (!org) return null;
    const rows = await this.db.kysely
      .selectFrom('bundles')
      .select('data')
      .where('org_id', '=', org.id)
      .orderBy('position')
      .execute();
    const byLocale = (text: unknown): Record<string, string> => {
      if (text == null) return {};
      if (typeof text === 'string')
        return Object.fromEntries(org.settings.locales.map((l) => [l, text]));
      return text as Record<string, string>;
    };
    return rows.map((row) => {
      const b = JSON.parse(row.data);
      return {
        _id: b._id,
        name: byLocale(b.name),
        description: byLocale(b.description),
        longDescription: byLocale(b.longDescription),
        price: b.price,
        ...(b.bundleImage && { bundleImage: b.bundleImage }),
        userGroup: b.userGroup,
        isMemberOf: audience.groupIds.has(b.userGroup),
        discountTiers: b.discountTiers ?? [],
      };
    });
  }
}
