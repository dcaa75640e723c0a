import type { Db } from '../db/database';
import { importContentPack } from '../services/content-pack-service';
import { CONTENT_PACK_FORMAT, type ContentPackInput } from '@portal/domain';

type Overrides = Partial<Omit<ContentPackInput, 'organisation'>> & {
  organisation?: Partial<ContentPackInput['organisation']>;
};

/** A small valid pack; tests change only what they are about. */
export function makePack(alias = 'testorg', overrides: Overrides = {}): ContentPackInput {
  const { organisation, ...rest } = overrides;
  return {
    format: CONTENT_PACK_FORMAT,
    organisation: {
      alias,
      name: { 'en-US': `Test ${alias}`, 'fr-CA': `Essai ${alias}` },
      hosts: [`learn.${alias}.example`],
      locales: ['en-US', 'fr-CA'],
      theme: {
        primaryColor: '#1a4d8f',
        secondaryColor: '#f2a900',
        tertiaryColor: '#2e7d32',
        primaryBackgroundColor: '#ffffff',
        secondaryBackgroundColor: '#f4f6fa',
        tertiaryBackgroundColor: '#e8eef7',
      },
      supportEmail: `help@${alias}.example`,
      homePage: {
        title: { 'en-US': 'Welcome', 'fr-CA': 'Bienvenue' },
        subtitle: { 'en-US': 'Learn money skills' },
        promos: [
          {
            _id: 'promo-1',
            title: 'Promo',
            description: '<p>Hello <script>alert(1)</script><b>there</b></p>',
          },
        ],
        showSiteMap: true,
      },
      contact: {
        enabled: true,
        name: 'Help desk',
        email: `contact@${alias}.example`,
        phone1: '555-0100',
      },
      glossary: [
        {
          word: 'budget',
          plural: 'budgets',
          definition: { 'en-US': 'A plan', 'fr-CA': 'Un plan' },
        },
      ],
      constraints: {
        groupAdminMessagingOnly: false,
        messagingAllowed: true,
        maxTopicWorksheets: 3,
      },
      ...organisation,
    },
    general: {
      _id: `${alias}-general`,
      name: { 'en-US': 'General', 'fr-CA': 'Général' },
      pages: [
        {
          _id: `${alias}-general-p1`,
          name: 'About',
          fragments: [{ _id: `${alias}-gf1`, type: 'content', content: '<p>About us</p>' }],
        },
      ],
    },
    topicGroups: [
      {
        _id: 'group-money',
        name: { 'en-US': 'Money', 'fr-CA': 'Argent' },
        description: 'First line\nSecond line',
        topics: ['budgeting', 'secret-topic'],
      },
      { _id: 'group-hidden', name: 'Hidden', visibility: 'Private', topics: ['secret-topic'] },
    ],
    topics: [
      {
        _id: 'budgeting',
        name: { 'en-US': 'Budgeting', 'fr-CA': 'Budget' },
        description: '<p>Plan your <em>budget</em></p><img src="x" onerror="alert(1)">',
        pages: [
          {
            _id: 'budgeting-p1',
            name: 'Income',
            fragments: [
              {
                _id: 'budgeting-f1',
                type: 'content',
                content: { 'en-US': '<p>Income</p>', 'fr-CA': '<p>Revenu</p>' },
              },
              {
                _id: 'budgeting-f2',
                type: 'field',
                field: {
                  _id: 'income',
                  name: 'Income',
                  type: 'number',
                  minValue: 0,
                  scoreWeight: 1,
                  correctValue: 100,
                  tolerance: 1,
                },
              },
            ],
          },
        ],
      },
      { _id: 'secret-topic', name: 'Secret topic', visibility: 'Private', pages: [] },
    ],
    userGroups: [{ _id: 'insiders', name: 'Insiders', topics: ['secret-topic'] }],
    bundles: [
      {
        _id: 'bundle-1',
        name: 'Starter',
        price: 49,
        userGroup: 'insiders',
        discountTiers: [{ minSeats: 5, percentOff: 10 }],
      },
    ],
    users: [
      {
        username: `${alias}-learner`,
        email: `learner@${alias}.example`,
        password: 'learner-pass-1',
        name: { first: 'Lee', last: 'Arner' },
        groups: [{ group: 'insiders', role: 'member' }],
      },
    ],
    ...rest,
  } as ContentPackInput;
}

/** Imports a pack and fails the test at once if the pack is refused. */
export async function mustImport(db: Db, pack: unknown): Promise<void> {
  const result = await importContentPack(db, pack);
  if (!result.ok)
    throw new Error(
      `pack refused: ${result.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
    );
}
