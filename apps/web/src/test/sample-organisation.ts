import type { BundleView, OrganisationView } from '@portal/domain';

/** An organisation as GET /api/org/{alias} answers it; tests override what they need. */
export function sampleOrganisation(overrides: Partial<OrganisationView> = {}): OrganisationView {
  return {
    _id: 'org-1',
    alias: 'sample',
    name: 'Sample Academy',
    locales: ['en-US', 'fr-CA'],
    currentLocale: 'en-US',
    theme: {
      primaryColor: '#1a4d8f',
      secondaryColor: '#f2a900',
      tertiaryColor: '#2e8540',
      primaryBackgroundColor: '#ffffff',
      secondaryBackgroundColor: '#eef3f9',
      tertiaryBackgroundColor: '#f7f7f2',
    },
    logoImage: { secure_url: '/media/sample/logo.svg' },
    supportEmail: 'help@sample.test',
    homePage: {
      title: 'Learn money skills',
      subtitle: 'Short, practical lessons for everyday finances.',
      heroImage: {
        secure_url: '/media/sample/hero.jpg',
        unsplashAttribution: { photographerName: 'Ada Lens', photographerHandle: 'adalens' },
      },
      promos: [
        {
          _id: 'p1',
          title: 'Budget basics',
          description: '<p>Plan a <strong>monthly</strong> budget.</p>',
        },
        { _id: 'p2', title: 'Save smarter', description: '<p>Build an emergency fund.</p>' },
      ],
      showSiteMap: true,
    },
    topics: [
      { _id: 'budgeting', name: 'Budgeting' },
      { _id: 'saving', name: 'Saving' },
    ],
    topicGroups: [
      {
        _id: 'foundations',
        name: 'Foundations',
        description: 'Where to start.',
        topics: [{ _id: 'budgeting', name: 'Budgeting' }],
      },
    ],
    glossary: [],
    contact: {
      enabled: true,
      name: 'Sample Support',
      email: 'contact@sample.test',
      website: 'https://sample.test',
      phone1: '+1 (514) 555-0100',
      phone2: '1-800-555-0199',
      address: {
        line1: '1 Main Street',
        line2: 'Suite 200',
        city: 'Montréal',
        state: 'QC',
        country: 'Canada',
        zip: 'H2X 1Y4',
      },
    },
    disableSelfSignup: false,
    enableMessaging: true,
    constraints: { groupAdminMessagingOnly: false, messagingAllowed: true, maxTopicWorksheets: 3 },
    upload: { url: '/api/upload', preset: 'portal', tag: 'flcms' },
    hasBundles: true,
    hasHiddenTopics: false,
    ...overrides,
  };
}

export function sampleBundle(overrides: Partial<BundleView> = {}): BundleView {
  return {
    _id: 'bundle-1',
    name: { 'en-US': 'Starter pack' },
    description: { 'en-US': 'Three topics to begin with.' },
    longDescription: { 'en-US': '<p>Everything to get going.</p>' },
    price: 49,
    userGroup: 'starters',
    isMemberOf: false,
    discountTiers: [],
    ...overrides,
  };
}
