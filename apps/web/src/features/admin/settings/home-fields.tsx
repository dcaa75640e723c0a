import type { AdminSettings } from '@portal/domain';
import { useIntl } from 'react-intl';
import { ImageInput } from './image-input';
import { LocalisedInput, TextInput, Toggle } from './localised-input';

type Change = (next: AdminSettings) => void;
type HomePage = AdminSettings['homePage'];

/** The logo, the home page's texts, hero image with its attribution, site map and promos. */
export function HomeFields({
  settings,
  onChange,
  errors,
}: {
  settings: AdminSettings;
  onChange: Change;
  errors: Record<string, string>;
}) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `admin.settings.${key}` as 'admin.settings.name' }, values);
  const home = settings.homePage;
  const setHome = (next: Partial<HomePage>) =>
    onChange({ ...settings, homePage: { ...home, ...next } });
  const hero = home.heroImage;
  return (
    <>
      <ImageInput
        label={t('logo')}
        hint={t('imageHint')}
        value={settings.logoImage?.secure_url}
        error={errors['logoImage.secure_url']}
        onChange={(url) =>
          onChange({ ...settings, logoImage: url ? { secure_url: url } : undefined })
        }
      />
      <LocalisedInput
        label={t('homeTitle')}
        value={home.title}
        locales={settings.locales}
        required
        onChange={(title) => setHome({ title })}
      />
      <LocalisedInput
        label={t('homeSubtitle')}
        value={home.subtitle}
        locales={settings.locales}
        onChange={(subtitle) => setHome({ subtitle })}
      />
      <ImageInput
        label={t('hero')}
        hint={t('imageHint')}
        value={hero?.secure_url}
        error={errors['homePage.heroImage.secure_url']}
        onChange={(url) => setHome({ heroImage: url ? { ...hero, secure_url: url } : undefined })}
      />
      {hero && (
        <div className="admin-pair">
          <TextInput
            label={t('photographerName')}
            value={hero.unsplashAttribution?.photographerName}
            onChange={(photographerName) =>
              setHome({
                heroImage: {
                  ...hero,
                  unsplashAttribution: photographerName
                    ? {
                        photographerName,
                        photographerHandle: hero.unsplashAttribution?.photographerHandle ?? '',
                      }
                    : undefined,
                },
              })
            }
          />
          <TextInput
            label={t('photographerHandle')}
            value={hero.unsplashAttribution?.photographerHandle}
            onChange={(photographerHandle) =>
              hero.unsplashAttribution &&
              setHome({
                heroImage: {
                  ...hero,
                  unsplashAttribution: { ...hero.unsplashAttribution, photographerHandle },
                },
              })
            }
          />
        </div>
      )}
      <Toggle
        label={t('showSiteMap')}
        checked={home.showSiteMap}
        onChange={(showSiteMap) => setHome({ showSiteMap })}
      />
      <h3 className="admin-settings__subheading">{t('promos')}</h3>
      {home.promos.map((promo, index) => (
        <div key={promo._id} className="admin-card">
          <LocalisedInput
            label={t('promoTitle', { number: index + 1 })}
            value={promo.title}
            locales={settings.locales}
            onChange={(title) =>
              setHome({ promos: home.promos.map((p, i) => (i === index ? { ...p, title } : p)) })
            }
          />
          <LocalisedInput
            label={t('promoDescription', { number: index + 1 })}
            value={promo.description}
            locales={settings.locales}
            multiline
            onChange={(description) =>
              setHome({
                promos: home.promos.map((p, i) => (i === index ? { ...p, description } : p)),
              })
            }
          />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setHome({ promos: home.promos.filter((_, i) => i !== index) })}
          >
            {t('removePromo', { number: index + 1 })}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button--secondary"
        onClick={() =>
          setHome({
            promos: [
              ...home.promos,
              { _id: `promo-${Date.now().toString(36)}`, title: '', description: '' },
            ],
          })
        }
      >
        {t('addPromo')}
      </button>
    </>
  );
}
