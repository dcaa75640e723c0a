import { localise, type OrganisationView, type Topic } from '@portal/domain';
import type { Catalogue, OrganisationRecord } from '../db/repositories/organisations';
import { canSeePage, canSeeTopic, canSeeTopicGroupCard, type Viewer } from '../policies';

/**
 * The organisation as `viewer` sees it in `locale` (`GET /api/org/{org}`): only the topics, pages
 * and topic-group cards the policies let them see.
 */
export function organisationView(
  org: OrganisationRecord,
  catalogue: Catalogue,
  locale: string,
  viewer: Viewer,
  uploadUrl: string,
): OrganisationView {
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
    upload: { url: uploadUrl, preset: org.alias, tag: 'flcms' },
    hasBundles: catalogue.bundleCount > 0,
    hasHiddenTopics,
  };
}
