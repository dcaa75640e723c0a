import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readAnalyticsConsent } from '../lib/analytics/consent';
import { renderWithOrganisation } from '../test/render';
import { sampleOrganisation } from '../test/sample-organisation';
import { AnalyticsConsent } from './analytics-consent';

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
