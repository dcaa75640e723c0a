import { localise, resolveLocale, type LocalisedText } from '@portal/domain';
import type { Caches, NamedCache } from '../cache';
import type { Db } from '../db/database';
import { catalogueOf, type OrganisationRecord } from '../db/repositories/organisations';
import { canSeePage, canSeeTopic, canSeeTopicGroupCard, VISITOR } from '../policies';
import type { SiteLinks } from './site-links';

/** What the server puts in the HTML of a page: its title and its meta description. */
export interface PageMeta {
  /** The key of this meta among an organisation's pages (for caches of the rendered HTML). */
  key: string;
  lang: string;
  title: string;
  description: string;
  /** On a public topic's routes: the topic's id as the address spells it ("general" included). */
  topicId?: string;
}

interface Described {
  name: LocalisedText;
  description: LocalisedText;
}

/** What a visitor may see of an organisation, for the sitemap and the pages' meta. */
interface PublicSite {
  /** Paths of the public pages, home first. */
  paths: string[];
  topics: Map<string, Described>;
  groups: Map<string, Described>;
}

const DESCRIPTION_MAX = 160;

/** Author HTML (sanitised on import) as one line of plain text, cut at a word near 160 characters. */
export function plainText(html: string, max = DESCRIPTION_MAX): string {
  const text = html
    .replace(/<(script|style)\b[^]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * robots.txt, the sitemap and the meta of each page, per organisation, from what a visitor may
 * see (never a private topic, page or group). Kept until the organisation's content changes.
 */
export class SeoService {
  private readonly sites: NamedCache<OrganisationRecord, PublicSite>;

  constructor(
    private readonly db: Db,
    private readonly links: SiteLinks,
    caches: Caches,
  ) {
    this.sites = caches.define('public-sites', {
      max: 200,
      key: (org) => org.id,
      load: (org) => this.readSite(org),
      dependsOn: (org) => [{ content: { org: org.id } }],
    });
  }

  private async site(org: OrganisationRecord): Promise<PublicSite> {
    const site = await this.sites.get(org);
    if (!site) throw new Error('a public site was not read');
    return site;
  }

  private async readSite(org: OrganisationRecord): Promise<PublicSite> {
    const catalogue = await catalogueOf(this.db, org.id);
    const paths = ['/', '/topics'];
    const topics = new Map<string, Described>();
    for (const { id, isGeneral, visibility, topic } of catalogue.topics) {
      if (!canSeeTopic(VISITOR, { _id: id, visibility })) continue;
      const urlId = isGeneral ? 'general' : id;
      topics.set(urlId, { name: topic.name, description: topic.description ?? '' });
      paths.push(`/topic/${urlId}`);
      for (const page of topic.pages)
        if (canSeePage(VISITOR, id, { visibility: page.visibility ?? 'Public' }))
          paths.push(`/topic/${urlId}/page/${page._id}`);
    }
    const groups = new Map<string, Described>();
    for (const entry of catalogue.groups) {
      if (!canSeeTopicGroupCard(VISITOR, entry)) continue;
      if (!entry.topicIds.some((id) => topics.has(id))) continue;
      groups.set(entry.id, {
        name: entry.group.name,
        description: entry.group.description ?? '',
      });
      paths.push(`/topicGroup/${entry.id}`);
    }
    if (catalogue.bundleCount > 0) paths.push('/store');
    return { paths, topics, groups };
  }

  /** robots.txt of the organisation of a host (null: a host that picks none). */
  robotsTxt(org: OrganisationRecord | null): string {
    if (!org) return 'User-agent: *\nDisallow:\n';
    return [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /account',
      'Disallow: /checkout/',
      'Disallow: /resetPassword/',
      'Disallow: /confirmEmail/',
      'Disallow: /oauth/',
      'Disallow: /print/',
      '',
      `Sitemap: ${this.links.page(org, '/sitemap.xml')}`,
      '',
    ].join('\n');
  }

  /** The sitemap (sitemaps.org 0.9) of the pages a visitor may see, at the organisation's address. */
  async sitemapXml(org: OrganisationRecord): Promise<string> {
    const { paths } = await this.site(org);
    const urls = paths
      .map((p) => `  <url><loc>${escapeXml(this.links.page(org, p))}</loc></url>`)
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  }

  /**
   * The title and description of a page as a visitor sees it, in the organisation's first
   * locale: the topic's (or topic group's) on its routes when it is public, else the
   * organisation's home title and subtitle.
   */
  async pageMeta(org: OrganisationRecord, pathname: string): Promise<PageMeta> {
    const locale = resolveLocale(undefined, org.settings.locales);
    const s = org.settings;
    const orgName = plainText(localise(s.name, locale), 120);
    const home = {
      key: 'home',
      lang: locale,
      title: orgName,
      description: plainText(
        localise(s.homePage.subtitle, locale) || localise(s.homePage.title, locale),
      ),
    };
    const match = /^\/(topic|topicGroup)\/([^/?#]+)/.exec(pathname);
    if (!match) return home;
    const site = await this.site(org);
    let id: string;
    try {
      id = decodeURIComponent(match[2]!);
    } catch {
      return home;
    }
    const found = match[1] === 'topic' ? site.topics.get(id) : site.groups.get(id);
    if (!found) return home;
    const name = plainText(localise(found.name, locale), 120);
    return {
      key: `${match[1]}:${id}`,
      ...(match[1] === 'topic' && { topicId: id }),
      lang: locale,
      title: name ? `${name} · ${orgName}` : orgName,
      description: plainText(localise(found.description, locale)) || home.description,
    };
  }
}
