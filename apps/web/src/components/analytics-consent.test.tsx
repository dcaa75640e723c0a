import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readAnalyticsConsent, setAnalyticsConsent } from '../lib/analytics/consent';
import { renderWithOrganisation } from '../test/render';
import { sampleOrganisation } from '../test/sample-organisation';
import { AnalyticsConsent } from './analytics-consent';
import { AnalyticsSettings } from './analytics-settings';

const QUESTION = 'Measuring how this site is used';

describe('AnalyticsConsent (issue 15, point 23)', () => {
  afterEach(() => window.localStorage.clear());

  it('asks nothing of an organisation without Google Analytics', () => {
    renderWithOrganisation(<AnalyticsConsent />, { org: sampleOrganisation({ gaUid: undefined }) });
    expect(screen.queryByRole('region', { name: QUESTION })).toBeNull();
  });

  it('asks once, and remembers a yes for this organisation', () => {
    const org = sampleOrganisation({ gaUid: 'G-TEST' });
    renderWithOrganisation(<AnalyticsConsent />, { org });
    const region = screen.getByRole('region', { name: QUESTION });
    expect(region.textContent).toContain('Google Analytics');
    fireEvent.click(screen.getByRole('button', { name: 'Allow analytics' }));
    expect(screen.queryByRole('region', { name: QUESTION })).toBeNull();
    expect(readAnalyticsConsent(org.alias)).toBe('granted');
    expect(readAnalyticsConsent('another-organisation')).toBe('unanswered');
  });

  it('remembers a no, and asks in French', () => {
    const org = sampleOrganisation({ gaUid: 'G-TEST', currentLocale: 'fr-CA' });
    renderWithOrganisation(<AnalyticsConsent />, { org });
    expect(screen.getByRole('region', { name: 'Mesurer l’utilisation de ce site' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Non, merci' }));
    expect(readAnalyticsConsent(org.alias)).toBe('denied');
    expect(screen.queryByRole('button', { name: 'Autoriser la mesure' })).toBeNull();
  });
});

describe('AnalyticsSettings, the footer’s Cookie settings (issue 15, point 23)', () => {
  afterEach(() => window.localStorage.clear());

  it('is offered only by an organisation with Google Analytics', () => {
    renderWithOrganisation(<AnalyticsSettings />, {
      org: sampleOrganisation({ gaUid: undefined }),
    });
    expect(screen.queryByRole('button', { name: 'Cookie settings' })).toBeNull();
  });

  it('reopens the choice (its code loaded on the first click), shows the current one and changes it to no', async () => {
    const org = sampleOrganisation({ gaUid: 'G-TEST' });
    setAnalyticsConsent(org.alias, 'granted');
    renderWithOrganisation(<AnalyticsSettings />, { org });
    fireEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cookie settings' }));
    expect(dialog.getByText(/Your current choice: analytics allowed/)).toBeDefined();
    expect(
      dialog.getByRole('button', { name: 'Allow analytics' }).getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(dialog.getByRole('button', { name: 'No, thanks' }));
    expect(readAnalyticsConsent(org.alias)).toBe('denied');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Saved: no analytics.');
  });

  it('speaks French', async () => {
    const org = sampleOrganisation({ gaUid: 'G-TEST', currentLocale: 'fr-CA' });
    renderWithOrganisation(<AnalyticsSettings />, { org });
    fireEvent.click(screen.getByRole('button', { name: 'Paramètres des témoins' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Paramètres des témoins' }));
    expect(dialog.getByText(/Vous n’avez pas encore choisi/)).toBeDefined();
    fireEvent.click(dialog.getByRole('button', { name: 'Autoriser la mesure' }));
    expect(readAnalyticsConsent(org.alias)).toBe('granted');
  });
});
