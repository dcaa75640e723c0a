import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithOrganisation } from '../../../test/render';
import { sampleOrganisation } from '../../../test/sample-organisation';
import { addressLines } from './contact-details';
import { Footer } from './footer';

function footer() {
  return within(screen.getByRole('contentinfo'));
}

describe('Footer', () => {
  it('lists topic groups, topics and all topics in the site map', () => {
    renderWithOrganisation(<Footer />);
    const siteMap = within(footer().getByRole('navigation', { name: 'Site map' }));
    expect(siteMap.getByRole('link', { name: 'Foundations' }).getAttribute('href')).toBe(
      '/topicGroup/foundations',
    );
    expect(siteMap.getByRole('link', { name: 'Budgeting' }).getAttribute('href')).toBe(
      '/topic/budgeting',
    );
    expect(siteMap.getByRole('link', { name: 'Saving' }).getAttribute('href')).toBe(
      '/topic/saving',
    );
    expect(siteMap.getByRole('link', { name: 'Browse all topics' }).getAttribute('href')).toBe(
      '/topics',
    );
  });

  it('leaves the site map out unless showSiteMap is set', () => {
    const org = sampleOrganisation();
    renderWithOrganisation(<Footer />, {
      org: { ...org, homePage: { ...org.homePage, showSiteMap: false } },
    });
    expect(footer().queryByRole('navigation', { name: 'Site map' })).toBeNull();
  });

  it('shows address lines, phone, email and website links', () => {
    renderWithOrganisation(<Footer />);
    expect(footer().getByText('1 Main Street')).toBeDefined();
    expect(footer().getByText('Suite 200')).toBeDefined();
    expect(footer().getByText('Montréal, QC H2X 1Y4')).toBeDefined();
    expect(footer().getByText('Canada')).toBeDefined();
    expect(footer().getByRole('link', { name: '+1 (514) 555-0100' }).getAttribute('href')).toBe(
      'tel:+15145550100',
    );
    expect(footer().getByRole('link', { name: '1-800-555-0199' }).getAttribute('href')).toBe(
      'tel:18005550199',
    );
    expect(footer().getByRole('link', { name: 'contact@sample.test' }).getAttribute('href')).toBe(
      'mailto:contact@sample.test',
    );
    expect(footer().getByRole('link', { name: 'sample.test' }).getAttribute('href')).toBe(
      'https://sample.test',
    );
  });

  it('shows no contact section without contact details', () => {
    renderWithOrganisation(<Footer />, {
      org: sampleOrganisation({ contact: { enabled: false } }),
    });
    expect(footer().queryByRole('heading', { name: 'Contact' })).toBeNull();
  });
});

describe('addressLines', () => {
  it('skips empty parts', () => {
    expect(
      addressLines({ enabled: true, address: { line1: '1 Rue', city: 'Laval', zip: '' } }),
    ).toEqual(['1 Rue', 'Laval']);
    expect(addressLines({ enabled: true })).toEqual([]);
  });
});
