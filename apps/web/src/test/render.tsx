import type { BundleView, OrganisationView } from '@portal/domain';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { messagesFor } from '../app/i18n/messages';
import { OrganisationContext, type OrganisationContextValue } from '../lib/organisation';
import { sampleOrganisation } from './sample-organisation';

interface RenderOptions {
  org?: OrganisationView;
  bundles?: BundleView[];
  path?: string;
  changeLocale?: (locale: string) => void;
}

/** Renders `ui` as the app would below its start gate: organisation, locale and router. */
export function renderWithOrganisation(
  ui: ReactElement,
  options: RenderOptions = {},
): RenderResult {
  const org = options.org ?? sampleOrganisation();
  const value: OrganisationContextValue = {
    org,
    bundles: options.bundles ?? [],
    locale: org.currentLocale,
    changeLocale: options.changeLocale ?? (() => {}),
    isChangingLocale: false,
  };
  return render(
    <IntlProvider locale={org.currentLocale} messages={messagesFor(org.currentLocale)}>
      <OrganisationContext.Provider value={value}>
        <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
      </OrganisationContext.Provider>
    </IntlProvider>,
  );
}

/** The interface messages of a locale, for tests that render with their own IntlProvider. */
export { messagesFor } from '../app/i18n/messages';
