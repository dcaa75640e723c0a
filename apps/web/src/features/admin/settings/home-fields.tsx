import type { AdminSettings } from '@portal/domain';
import { useIntl } from 'react-intl';
import { ImageInput } from './image-input';
import { LocalisedInput, TextInput, Toggle } from './localised-input';
import type { SettingsChange } from './settings-change';

type HomePage = AdminSettings['homePage'];

/** The logo, the home page's texts, hero image with its attribution, site map and promos. */
export function HomeFields({
  settings,
  onChange,
  errors,
}: {
  settings: AdminSettings;
  onChange: SettingsChange;
  errors: Record<string, string>;
}) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `admin.settings.${key}` as 'admin.settings.name' }, values);
  const home = settings.homePage;
  /** A change to the home page, worked out from the home page as it is when it applies. */
  const setHome = (next: (current: HomePage) => Partial<HomePage>) =>
    onChange((s) => ({ ...s, homePage: { ...s.homePage, ...next(s.homePage) } }));
  const hero = home.heroImage;
  return (
    <>
      <ImageInput
        label={t('logo')}
        hint={t('imageHint')}
        value={settings.logoImage?.secure_url}
        error={errors['logoImage.secure_url']}
        onChange={(url) =>
          onChange((s) => ({ ...s, logoImage: url ? { secure_url: url } : undefined }))
        }
      />
      <LocalisedInput
        label={t('homeTitle')}
        value={home.title}
        locales={settings.locales}
        required
        onChange={(title) => setHome(() => ({ title }))}
      />
      <LocalisedInput
        label={t('homeSubtitle')}
        value={home.subtitle}
        locales={settings.locales}
        onChange={(subtitle) => setHome(() => ({ subtitle }))}
      />
      <ImageInput
        label={t('hero')}
        hint={t('imageHint')}
        value={hero?.secure_url}
        error={errors['homePage.heroImage.secure_url']}
        onChange={(url) =>
          setHome((h) => ({ heroImage: url ? { ...h.heroImage, secure_url: url } : undefined }))
        }
      />
      {hero && (
        <div className="admin-pair">
          <TextInput
            label={t('photographerName')}
            value={hero.unsplashAttribution?.photographerName}
            onChange={(photographerName) =>
              setHome(({ heroImage }) =>
                heroImage
                  ? {
                      heroImage: {
                        ...heroImage,
                        unsplashAttribution: photographerName
                          ? {
                              photographerName,
                              photographerHandle:
                                heroImage.unsplashAttribution?.photographerHandle ?? '',
                            }
                          : undefined,
                      },
                    }
                  : {},
              )
            }
          />
          <TextInput
            label={t('photographerHandle')}
            value={hero.unsplashAttribution?.photographerHandle}
            onChange={(photographerHandle) =>
              setHome(({ heroImage }) =>
                heroImage?.unsplashAttribution
                  ? {
                      heroImage: {
                        ...heroImage,
                        unsplashAttribution: {
                          ...heroImage.unsplashAttribution,
                          photographerHandle,
                        },
                      },
                    }
                  : {},
              )
            }
          />
        </div>
      )}
      <Toggle
        label={t('showSiteMap')}
        checked={home.showSiteMap}
        onChange={(showSiteMap) => setHome(() => ({ showSiteMap }))}
      />
      <h3 className="admin-settings__subheading">{t('promos')}</h3>
      {home.promos.map((promo, index) => (
        <div key={promo._id} className="admin-card">
          <LocalisedInput
            label={t('promoTitle', { number: index + 1 })}
            value={promo.title}
            locales={settings.locales}
            onChange={(title) =>
              setHome(({ promos }) => ({
                promos: promos.map((p) => (p._id === promo._id ? { ...p, title } : p)),
              }))
            }
          />
          <LocalisedInput
            label={t('promoDescription', { number: index + 1 })}
            value={promo.description}
            locales={settings.locales}
            multiline
            onChange={(description) =>
              setHome(({ promos }) => ({
                promos: promos.map((p) => (p._id === promo._id ? { ...p, description } : p)),
              }))
            }
          />
          <button
            type="button"
            className="button button--secondary"
            onClick={() =>
              setHome(({ promos }) => ({ promos: promos.filter((p) => p._id !== promo._id) }))
            }
          >
            {t('removePromo', { number: index + 1 })}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button--secondary"
        onClick={() =>
          setHome(({ promos }) => ({
            promos: [
              ...promos,
              { _id: `promo-${Date.now().toString(36)}`, title: '', description: '' },
            ],
          }))
        }
      >
        {t('addPromo')}
      </button>
    </>
  );
}
