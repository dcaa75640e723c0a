import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithOrganisation } from '../../../test/render';
import { sampleOrganisation } from '../../../test/sample-organisation';
import { HomePage } from './home-page';

describe('HomePage', () => {
  it('shows title, subtitle, hero with attribution and both browse buttons', () => {
    renderWithOrganisation(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Learn money skills' })).toBeDefined();
    expect(screen.getByText('Short, practical lessons for everyday finances.')).toBeDefined();
    expect(document.querySelector('.home-hero__image')?.getAttribute('src')).toBe(
      '/media/sample/hero.jpg',
    );
    expect(screen.getByText('Photo by Ada Lens (@adalens)')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Browse topics' }).getAttribute('href')).toBe(
      '/topics',
    );
    expect(screen.getByRole('link', { name: 'Browse store' }).getAttribute('href')).toBe('/store');
  });

  it('titles the tab with the organisation name', () => {
    renderWithOrganisation(<HomePage />);
    expect(document.title).toBe('Sample Academy');
  });

  it('lists the promos with their sanitised HTML', () => {
    const org = sampleOrganisation();
    const promos = [
      ...org.homePage.promos,
      {
        _id: 'p3',
        title: 'Careful',
        description: '<p>Safe<img src="x" onerror="alert(1)"></p><script>x()</script>',
      },
    ];
    renderWithOrganisation(<HomePage />, {
      org: { ...org, homePage: { ...org.homePage, promos } },
    });
    const items = within(screen.getByRole('region', { name: 'Highlights' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(3);
    expect(
      within(items[0] as HTMLElement).getByRole('heading', { name: 'Budget basics' }),
    ).toBeDefined();
    expect(items[0]?.querySelector('strong')?.textContent).toBe('monthly');
    expect(items[2]?.innerHTML).not.toMatch(/onerror|script/);
  });

  it('has no Browse Store button without bundles, and no attribution without one', () => {
    const org = sampleOrganisation({ hasBundles: false });
    const heroImage = { secure_url: '/media/sample/hero.jpg' };
    renderWithOrganisation(<HomePage />, {
      org: { ...org, homePage: { ...org.homePage, heroImage } },
    });
    expect(screen.queryByRole('link', { name: 'Browse store' })).toBeNull();
    expect(screen.queryByText(/Photo by/)).toBeNull();
  });

  it('shows the French interface with French content', () => {
    const org = sampleOrganisation({ currentLocale: 'fr-CA' });
    renderWithOrganisation(<HomePage />, { org });
    expect(screen.getByRole('link', { name: 'Parcourir les sujets' })).toBeDefined();
    expect(screen.getByText('Photo : Ada Lens (@adalens)')).toBeDefined();
  });
});
