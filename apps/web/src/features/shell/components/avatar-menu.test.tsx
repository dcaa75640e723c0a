import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { sampleOrganisation } from '../../../test/sample-organisation';
import { PHONE_QUERY } from '../hooks/use-media-query';
import { Header } from './header';

/** A phone-sized window: the media query of the header's small screens matches. */
function stubPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === PHONE_QUERY,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function banner() {
  return within(screen.getByRole('banner'));
}

/** The account menu element, open or not (the topics menu is a menu too). */
function accountMenu(): HTMLElement {
  const button = banner().getByRole('button', { name: /^Account menu/ });
  return document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
}

function openMenu() {
  fireEvent.click(banner().getByRole('button', { name: /^Account menu/ }));
  return within(screen.getByRole('menu', { name: /^Account menu/ }));
}

describe('Header, signed in: the avatar menu', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the first letter of the full name instead of Login and Sign up', () => {
    renderWithSession(<Header />, { session: { account: sampleAccount() } });
    const button = banner().getByRole('button', { name: 'Account menu, Camille Tremblay' });
    expect(button.textContent).toBe('C');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(banner().queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(banner().queryByRole('link', { name: 'Sign up' })).toBeNull();
  });

  it('offers the studio to authors and administrators, and the console to administrators only', () => {
    const items = (roles: Array<'author' | 'admin'>) => {
      const view = renderWithSession(<Header />, {
        session: { account: sampleAccount({ roles }) },
      });
      const names = openMenu()
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
      view.unmount();
      return names;
    };
    expect(items([])).not.toContain('Studio');
    expect(items([])).not.toContain('Console');
    expect(items(['author'])).toContain('Studio');
    expect(items(['author'])).not.toContain('Console');
    const admin = items(['admin']);
    expect(admin).toContain('Studio');
    expect(admin).toContain('Console');
    expect(admin.indexOf('Console')).toBe(admin.indexOf('Studio') + 1);
  });

  it('falls back to the username without a name', () => {
    const account = sampleAccount({ name: { first: '', last: '', full: '' } });
    renderWithSession(<Header />, { session: { account } });
    expect(banner().getByRole('button', { name: 'Account menu, camille' }).textContent).toBe('C');
  });

  it('shows the profile picture when there is one', () => {
    const account = sampleAccount({ profilePicture: { secure_url: '/uploads/me.png' } });
    renderWithSession(<Header />, { session: { account } });
    const button = banner().getByRole('button', { name: /^Account menu/ });
    expect(button.querySelector('img')?.getAttribute('src')).toBe('/uploads/me.png');
    expect(button.textContent).toBe('');
  });

  it('offers My profile, Contact, the locales and Log out on a phone', () => {
    stubPhone();
    renderWithSession(<Header />, { session: { account: sampleAccount() } });
    const menu = openMenu();
    expect(menu.getByRole('menuitem', { name: 'My profile' }).getAttribute('href')).toBe(
      '/account',
    );
    expect(menu.getByRole('menuitem', { name: 'Contact' })).toBeDefined();
    expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeDefined();
    const radios = menu.getAllByRole('menuitemradio');
    expect(radios.map((r) => r.getAttribute('aria-checked'))).toEqual(['true', 'false']);
    expect(radios[1]?.textContent).toMatch(/^FR/);
    // The menu opens on its first item.
    expect(document.activeElement).toBe(menu.getByRole('menuitem', { name: 'My profile' }));
  });

  it('lists My groups for a group’s administrators only, each linking to its page', () => {
    const account = sampleAccount({
      userGroups: [
        { _id: 'cohort', name: 'Cohort', isAdmin: true },
        { _id: 'club', name: 'Club', isAdmin: false },
      ],
    });
    renderWithSession(<Header />, { session: { account } });
    const menu = openMenu();
    const groups = within(menu.getByRole('group', { name: 'My groups' }));
    expect(groups.getAllByRole('menuitem').map((item) => item.getAttribute('href'))).toEqual([
      '/group/cohort',
    ]);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  });

  it('lists a coach’s group once: its buyers’ cohorts open from the group’s page', () => {
    const account = sampleAccount({
      userGroups: [
        { _id: 'club', name: 'Club', isAdmin: true, parentId: null },
        { _id: 'cohort-a', name: 'Bakery · Club', isAdmin: true, parentId: 'club' },
        { _id: 'cohort-b', name: 'Plumbing · Club', isAdmin: true, parentId: 'club' },
        { _id: 'own', name: 'Mine · Other', isAdmin: true, parentId: 'other' },
      ],
    });
    renderWithSession(<Header />, { session: { account } });
    const menu = openMenu();
    const groups = within(menu.getByRole('group', { name: 'My groups' }));
    expect(groups.getAllByRole('menuitem').map((item) => item.getAttribute('href'))).toEqual([
      '/group/club',
      '/group/own',
    ]);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  });

  it('has no My groups for a learner who administers no group', () => {
    renderWithSession(<Header />, { session: { account: sampleAccount() } });
    const menu = openMenu();
    expect(menu.queryByRole('group', { name: 'My groups' })).toBeNull();
  });

  it('leaves Contact out when contact is not enabled', () => {
    renderWithSession(<Header />, {
      session: { account: sampleAccount() },
      org: sampleOrganisation({ contact: { enabled: false } }),
    });
    expect(openMenu().queryByRole('menuitem', { name: 'Contact' })).toBeNull();
  });

  it('logs out from the menu', () => {
    const signOut = vi.fn(() => Promise.resolve());
    renderWithSession(<Header />, { session: { account: sampleAccount(), signOut } });
    fireEvent.click(openMenu().getByRole('menuitem', { name: 'Log out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(accountMenu().hidden).toBe(true);
  });

  it('opens the contact card from the menu', () => {
    renderWithSession(<Header />, { session: { account: sampleAccount() } });
    fireEvent.click(openMenu().getByRole('menuitem', { name: 'Contact' }));
    expect(screen.getByRole('dialog', { name: 'Contact us' })).toBeDefined();
  });

  it('leaves the locales to the header on a wider screen (docs/product-spec.md §2)', () => {
    renderWithSession(<Header />, { session: { account: sampleAccount() } });
    const menu = openMenu();
    expect(menu.queryAllByRole('menuitemradio')).toEqual([]);
    expect(menu.queryByRole('group', { name: 'Language' })).toBeNull();
    expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeDefined();
    const header = banner().getByRole('group', { name: 'Language' });
    expect(
      within(header)
        .getAllByRole('button')
        .map((b) => b.getAttribute('lang')),
    ).toEqual(['en-US', 'fr-CA']);
  });

  it('switches locale from the menu on a phone', () => {
    stubPhone();
    const changeLocale = vi.fn();
    renderWithSession(<Header />, { session: { account: sampleAccount() }, changeLocale });
    const french = openMenu().getAllByRole('menuitemradio')[1] as HTMLElement;
    fireEvent.click(french);
    expect(changeLocale).toHaveBeenCalledWith('fr-CA');
  });

  it('closes on Escape and returns to the button; arrows move between items', () => {
    renderWithSession(<Header />, { session: { account: sampleAccount() } });
    const menu = openMenu();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(menu.getByRole('menuitem', { name: 'Contact' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement).toBe(menu.getByRole('menuitem', { name: 'Log out' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(accountMenu().hidden).toBe(true);
    expect(document.activeElement).toBe(banner().getByRole('button', { name: /^Account menu/ }));
  });
});

describe('Header, logged out: Login and Sign up open the auth dialog', () => {
  it('opens the dialog in login or signup mode, keeping the links to the pages', () => {
    const openAuthDialog = vi.fn();
    renderWithSession(<Header />, { session: { openAuthDialog } });
    const login = banner().getByRole('link', { name: 'Log in' });
    expect(login.getAttribute('href')).toBe('/signin');
    expect(login.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(login);
    expect(openAuthDialog).toHaveBeenLastCalledWith('login');
    fireEvent.click(banner().getByRole('link', { name: 'Sign up' }));
    expect(openAuthDialog).toHaveBeenLastCalledWith('signup');
  });

  it('lets a modified click open the page (a new tab), and is a plain link on the auth pages', () => {
    const openAuthDialog = vi.fn();
    const { unmount } = renderWithSession(<Header />, { session: { openAuthDialog } });
    fireEvent.click(banner().getByRole('link', { name: 'Log in' }), { ctrlKey: true });
    expect(openAuthDialog).not.toHaveBeenCalled();
    unmount();
    renderWithSession(<Header />, { session: { openAuthDialog }, path: '/signin' });
    const login = banner().getByRole('link', { name: 'Log in' });
    expect(login.hasAttribute('aria-haspopup')).toBe(false);
    fireEvent.click(login);
    expect(openAuthDialog).not.toHaveBeenCalled();
  });
});
