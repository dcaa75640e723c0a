import {
  localise,
  type AdminSettings,
  type Bundle,
  type BundleView,
  type OrganisationView,
} from '@portal/domain';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AdminRoutes as Console } from '../features/admin';
import { HomePage } from '../features/home';
import { Footer, Header } from '../features/shell';
import { OrganisationContext, useOrganisation } from '../lib/organisation';
import { paths } from '../lib/paths';
import { applyTheme, themeVariables } from './theme/theme-variables';

/**
 * The organisation console's way in (issue 27), loaded by app/routes.tsx on /admin only. The app
 * composes the features: it gives the console's settings screen a preview made of the real
 * learner screens (header, home page, footer), themed and worded by the draft.
 */
export function AdminRoutes() {
  return <Console settingsPreview={SettingsPreview} bundlePreview={BundlePreview} />;
}

/** The organisation as a visitor would read it with `settings` published, in `locale`. */
function previewOrganisation(
  org: OrganisationView,
  settings: AdminSettings,
  locale: string,
): OrganisationView {
  const home = settings.homePage;
  return {
    ...org,
    name: localise(settings.name, locale),
    locales: settings.locales,
    theme: settings.theme,
    logoImage: settings.logoImage,
    supportEmail: settings.supportEmail,
    homePage: {
      title: localise(home.title, locale),
      subtitle: localise(home.subtitle, locale),
      ...(home.heroImage && { heroImage: home.heroImage }),
      promos: home.promos.map((p) => ({
        _id: p._id,
        title: localise(p.title, locale),
        description: localise(p.description, locale),
      })),
      showSiteMap: home.showSiteMap,
    },
    glossary: settings.glossary.map((g) => ({
      word: g.word,
      ...(g.plural && { plural: g.plural }),
      definition: localise(g.definition, locale),
    })),
    contact: settings.contact,
    disableSelfSignup: settings.disableSelfSignup,
    userSignUpAgreement: settings.userSignUpAgreement,
    enableMessaging: settings.enableMessaging,
    constraints: settings.constraints,
  };
}

/** Only theme colours the browser understands reach the preview (the form says what is wrong). */
const isColour = (value: string) => /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value);

function SettingsPreview({ settings }: { settings: AdminSettings }) {
  const intl = useIntl();
  const context = useOrganisation();
  const [title] = useState(() => document.title);
  const [shown, setShown] = useState<'home' | 'topic'>('home');
  const theme = Object.values(settings.theme).every(isColour) ? settings.theme : context.org.theme;
  const value = useMemo(
    () => ({
      ...context,
      org: previewOrganisation(context.org, { ...settings, theme }, context.locale),
    }),
    [context, settings, theme],
  );
  // The home page names the document after the organisation; the console keeps its own title.
  useEffect(() => {
    document.title = title;
  });
  return (
    <>
      <div
        className="admin-preview__tabs"
        role="group"
        aria-label={intl.formatMessage({ id: 'admin.settings.previewWhich' })}
      >
        {(['home', 'topic'] as const).map((which) => (
          <button
            key={which}
            type="button"
            className="button button--secondary"
            aria-pressed={shown === which}
            onClick={() => setShown(which)}
          >
            <FormattedMessage
              id={which === 'home' ? 'admin.settings.previewHome' : 'admin.settings.previewTopic'}
            />
          </button>
        ))}
      </div>
      {shown === 'home' ? (
        <div
          className="admin-preview surface-page"
          style={themeVariables(theme) as CSSProperties}
          // A picture of the site: seen, not used (no focus, no second set of landmarks to read).
          inert
        >
          <OrganisationContext.Provider value={value}>
            <Header />
            <HomePage />
            <Footer />
          </OrganisationContext.Provider>
        </div>
      ) : (
        <TopicPreview theme={theme} />
      )}
    </>
  );
}

/**
 * A real topic page of the organisation (the first page of its first topic), in a frame of the
 * same site, coloured by the draft's theme: the frame's own app draws the published theme, and
 * the draft's is written over it whenever either changes.
 */
function TopicPreview({ theme }: { theme: AdminSettings['theme'] }) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const frame = useRef<HTMLIFrameElement>(null);
  const topic = [...org.topicGroups.flatMap((g) => g.topics), ...org.topics][0];
  const src = topic
    ? topic.pageIds?.[0]
      ? paths.topicPage(topic._id, topic.pageIds[0])
      : paths.topic(topic._id)
    : undefined;

  useEffect(() => {
    const iframe = frame.current;
    if (!iframe) return;
    let observer: MutationObserver | undefined;
    let observed: HTMLElement | undefined;
    const paint = () => {
      const root = iframe.contentDocument?.documentElement;
      if (!root) return;
      const vars = themeVariables(theme);
      if (Object.entries(vars).some(([name, v]) => root.style.getPropertyValue(name) !== v))
        applyTheme(root, theme);
      // The frame's document changes on load (from about:blank): watch the one it has now.
      if (observed !== root) {
        observer?.disconnect();
        observer = new MutationObserver(paint);
        observer.observe(root, { attributes: true, attributeFilter: ['style', 'data-app-ready'] });
        observed = root;
      }
    };
    paint();
    iframe.addEventListener('load', paint);
    return () => {
      iframe.removeEventListener('load', paint);
      observer?.disconnect();
    };
  }, [theme]);

  if (!src)
    return (
      <p className="field__hint">
        <FormattedMessage id="admin.settings.previewNoTopic" />
      </p>
    );
  return (
    <iframe
      ref={frame}
      className="admin-preview admin-preview__frame"
      src={src}
      title={intl.formatMessage({ id: 'admin.settings.previewTopicTitle' }, { name: topic!.name })}
      // A picture of the page, as the home page's: nothing in it is used from here.
      inert
      tabIndex={-1}
    />
  );
}

/** A text of a pack by locale, as the store's answer gives it (one text for every locale). */
function byLocale(text: Bundle['name'] | undefined, locales: readonly string[]) {
  if (text === undefined) return {};
  return typeof text === 'string'
    ? Object.fromEntries(locales.map((locale) => [locale, text]))
    : (text as Record<string, string>);
}

/**
 * The store's own card, from the store's own chunk, loaded when a bundle is first previewed: an
 * import of the card alone would make a chunk of it, listed in the learner's first script.
 */
const BundleCard = lazy(async () => ({ default: (await import('../features/store')).BundleCard }));

/** The store's card of the bundle as drafted, in the organisation's theme. */
function BundlePreview({ bundle }: { bundle: Bundle }) {
  const { org } = useOrganisation();
  const view: BundleView = {
    _id: bundle._id || 'new',
    name: byLocale(bundle.name, org.locales),
    description: byLocale(bundle.description, org.locales),
    longDescription: byLocale(bundle.longDescription, org.locales),
    price: Number.isFinite(bundle.price) ? bundle.price : 0,
    ...(bundle.bundleImage?.url && { bundleImage: { url: bundle.bundleImage.url } }),
    userGroup: bundle.userGroup,
    isMemberOf: false,
    discountTiers: bundle.discountTiers,
  };
  return (
    <div className="admin-preview admin-preview--store surface-page" inert>
      <Suspense fallback={null}>
        <BundleCard bundle={view} showOwned={false} />
      </Suspense>
    </div>
  );
}
