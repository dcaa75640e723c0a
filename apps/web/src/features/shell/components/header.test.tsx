import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../../test/render-session';
import { sampleBundle, sampleOrganisation } from '../../../test/sample-organisation';
import { PHONE_QUERY } from '../hooks/use-media-query';
import { Header } from './header';

function banner() {
  return within(screen.getByRole('banner'));
}

describe('Header', () => {
  it('links the logo, named after the organisation, to the home page', () => {
    renderWithSession(<Header />);
    const home = banner().getByRole('link', { name: 'Sample Academy' });
    expect(home.getAttribute('href')).toBe('/');
    expect(within(home).getByRole('img').getAttribute('src')).toBe('/media/sample/logo.svg');
  });

  it("shows the text 'Home' without a logo", () => {
    renderWithSession(<Header />, { org: sampleOrganisation({ logoImage: undefined }) });
    expect(banner().getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  });

  it('shows every entry for a full organisation, logged out', () => {
    renderWithSession(<Header />, { bundles: [sampleBundle()] });
    expect(banner().getByRole('button', { name: 'Topics' })).toBeDefined();
    expect(banner().getByRole('link', { name: 'Store' }).getAttribute('href')).toBe('/store');
    expect(banner().getByRole('button', { name: 'Contact' })).toBeDefined();
    expect(banner().getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/signin');
    expect(banner().getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(banner().getByRole('group', { name: 'Language' })).toBeDefined();
  });

  it('shows the Store link when the organisation says it has bundles, or bundles are listed', () => {
    const noStore = sampleOrganisation({ hasBundles: false });
    const { unmount } = renderWithSession(<Header />, { org: noStore });
    expect(banner().queryByRole('link', { name: 'Store' })).toBeNull();
    unmount();
    renderWithSession(<Header />, { org: noStore, bundles: [sampleBundle()] });
    expect(banner().getByRole('link', { name: 'Store' })).toBeDefined();
  });

  it('hides Contact when contact is not enabled', () => {
    renderWithSession(<Header />, {
      org: sampleOrganisation({ contact: { enabled: false } }),
    });
    expect(banner().queryByRole('button', { name: 'Contact' })).toBeNull();
  });

  it('hides Sign up when self signup is disabled, but keeps Login', () => {
    renderWithSession(<Header />, { org: sampleOrganisation({ disableSelfSignup: true }) });
    expect(banner().queryByRole('link', { name: 'Sign up' })).toBeNull();
    expect(banner().getByRole('link', { name: 'Log in' })).toBeDefined();
  });

  it('shows no locale switcher for a single-locale organisation', () => {
    renderWithSession(<Header />, { org: sampleOrganisation({ locales: ['en-US'] }) });
    expect(banner().queryByRole('group', { name: 'Language' })).toBeNull();
  });

  it('hides the topics menu without topics and on the sso page', () => {
    const { unmount } = renderWithSession(<Header />, {
      org: sampleOrganisation({ topics: [], topicGroups: [] }),
    });
    expect(banner().queryByRole('button', { name: 'Topics' })).toBeNull();
    unmount();
    renderWithSession(<Header />, { path: '/sso?oauth=g1' });
    expect(banner().queryByRole('button', { name: 'Topics' })).toBeNull();
  });

  it('labels the switcher "EN" / "FR", marks the current locale and switches', () => {
    const changeLocale = vi.fn();
    renderWithSession(<Header />, { changeLocale });
    const group = within(banner().getByRole('group', { name: 'Language' }));
    const [en, fr] = group.getAllByRole('button');
    expect(en?.textContent).toMatch(/^EN/);
    expect(fr?.textContent).toMatch(/^FR/);
    expect(en?.getAttribute('aria-pressed')).toBe('true');
    expect(fr?.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(fr as HTMLElement);
    expect(changeLocale).toHaveBeenCalledWith('fr-CA');
  });

  it('speaks French when the organisation is in fr-CA', () => {
    renderWithSession(<Header />, { org: sampleOrganisation({ currentLocale: 'fr-CA' }) });
    expect(banner().getByRole('link', { name: 'Connexion' })).toBeDefined();
    expect(banner().getByRole('link', { name: 'S’inscrire' })).toBeDefined();
    expect(banner().getByRole('button', { name: 'Sujets' })).toBeDefined();
  });

  it('opens the contact card from the Contact button', () => {
    renderWithSession(<Header />);
    fireEvent.click(banner().getByRole('button', { name: 'Contact' }));
    const dialog = screen.getByRole('dialog', { name: 'Contact us' });
    expect(within(dialog).getByText('Sample Support')).toBeDefined();
  });
});

/** A phone-sized window: the media query the header folds its navigation under matches. */
function stubPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === PHONE_QUERY,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('Header on a phone (issue 15, point 8)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('folds the navigation and Sign up into one Menu button, keeping Log in beside it', () => {
    stubPhone();
    renderWithSession(<Header />, { bundles: [sampleBundle()] });
    const menu = banner().getByRole('button', { name: /^Menu$/ });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(true);
    expect(banner().queryByRole('link', { name: 'Store' })).toBeNull();
    expect(banner().queryByRole('link', { name: 'Sign up' })).toBeNull();
    expect(banner().getByRole('link', { name: 'Log in' })).toBeDefined();

    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hidden).toBe(false);
    expect(banner().getByRole('button', { name: 'Topics' })).toBeDefined();
    expect(banner().getByRole('link', { name: 'Store' }).getAttribute('href')).toBe('/store');
    expect(banner().getByRole('button', { name: 'Contact' })).toBeDefined();
    expect(banner().getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
  });

  it('closes on Escape, back on its button; opening Topics keeps it open; choosing closes it', () => {
    stubPhone();
    renderWithSession(<Header />, { bundles: [sampleBundle()] });
    const menu = banner().getByRole('button', { name: /^Menu$/ });
    fireEvent.click(menu);
    const store = banner().getByRole('link', { name: 'Store' });
    store.focus();
    fireEvent.keyDown(store, { key: 'Escape' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);

    fireEvent.click(menu);
    fireEvent.click(banner().getByRole('button', { name: 'Topics' }));
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(banner().getByRole('button', { name: 'Contact' }));
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('dialog', { name: 'Contact us' })).toBeDefined();
  });

  it('says Menu in French too', () => {
    stubPhone();
    renderWithSession(<Header />, { org: sampleOrganisation({ currentLocale: 'fr-CA' }) });
    expect(banner().getByRole('button', { name: /^Menu$/ })).toBeDefined();
  });
});
