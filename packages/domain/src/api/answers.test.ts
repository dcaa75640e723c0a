import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIELD_TYPES, themeSchema } from '../content-pack';
import { emptyWorkbook } from '../workbook-empty';
import { invitationAnswerSchema, invitationsAnswerSchema, type Invitation } from '../invitations';
import {
  checkoutSessionAnswerSchema,
  orderAnswerSchema,
  ordersAnswerSchema,
  type OrderView,
  accountAnswerSchema,
  accountViewSchema,
  bundlesAnswerSchema,
  bundleViewSchema,
  contentAnswerSchema,
  contentViewSchema,
  errorBodySchema,
  fieldViewSchema,
  fragmentViewSchema,
  organisationViewSchema,
  pageViewSchema,
  scoresAnswerSchema,
  scoresSchema,
  searchHitSchema,
  successAnswerSchema,
  themeViewSchema,
  tokenAnswerSchema,
  topicAnswerSchema,
  topicsAnswerSchema,
  topicViewSchema,
  workbookAnswerSchema,
  type AccountView,
  type ApiErrorBody,
  type BundleView,
  type FieldView,
  type FragmentView,
  type OrganisationView,
  type Scores,
  type SearchHit,
  type TopicView,
  type WorkbookAnswer,
} from './index';

const image = {
  secure_url: 'https://images.example/hero.jpg',
  unsplashAttribution: { photographerName: 'Ada L', photographerHandle: 'adal' },
};

const organisation: OrganisationView = {
  _id: 'org-1',
  alias: 'doughmain',
  name: 'Doughmain',
  locales: ['en-US', 'fr-CA'],
  currentLocale: 'fr-CA',
  theme: {
    primaryColor: '#1a4d8f',
    secondaryColor: '#f2a900',
    tertiaryColor: '#2e7d32',
    primaryBackgroundColor: '#ffffff',
    secondaryBackgroundColor: '#f4f6fa',
    tertiaryBackgroundColor: '#e8eef7',
  },
  logoImage: { secure_url: '/media/logo.svg' },
  gaUid: 'G-123',
  supportEmail: 'help@doughmain.example',
  homePage: {
    title: 'Bienvenue',
    subtitle: '',
    heroImage: image,
    promos: [{ _id: 'promo-1', title: 'Promo', description: '<p>Hello</p>' }],
    showSiteMap: true,
  },
  topics: [
    { _id: 'budgeting', name: 'Budget', topicImage: { secure_url: '/media/b.jpg' } },
    { _id: 'credit', name: 'Crédit' },
  ],
  topicGroups: [
    {
      _id: 'money',
      name: 'Argent',
      description: '',
      topicGroupImage: { secure_url: '/media/g.jpg' },
      topics: [{ _id: 'budgeting', name: 'Budget' }],
    },
  ],
  general: { _id: 'general', name: 'Général', description: '<p>À propos</p>', isGeneral: true },
  glossary: [
    { word: 'budget', plural: 'budgets', definition: 'Un plan' },
    { word: 'APR', definition: 'Taux' },
  ],
  contact: {
    enabled: true,
    name: 'Help desk',
    email: 'contact@doughmain.example',
    website: 'https://doughmain.example',
    phone1: '555-0100',
    phone2: '555-0101',
    address: { line1: '1 Main St', city: 'Montréal', state: 'QC', country: 'CA', zip: 'H2X' },
  },
  disableSelfSignup: false,
  userSignUpAgreement: { url: '/media/terms.pdf' },
  enableMessaging: true,
  constraints: { groupAdminMessagingOnly: false, messagingAllowed: true, maxTopicWorksheets: 3 },
  upload: { url: '/api/upload', preset: 'doughmain', tag: 'flcms' },
  hasBundles: true,
  hasHiddenTopics: false,
};

/** An organisation without any of the optional parts. */
const bareOrganisation: OrganisationView = {
  ...organisation,
  homePage: { title: 'Welcome', subtitle: '', promos: [], showSiteMap: false },
  topics: [],
  topicGroups: [],
  glossary: [],
  contact: { enabled: false },
  hasBundles: false,
  hasHiddenTopics: true,
};
for (const key of ['logoImage', 'gaUid', 'supportEmail', 'general', 'userSignUpAgreement'] as const)
  delete bareOrganisation[key];

const bundle: BundleView = {
  _id: 'starter',
  name: { 'en-US': 'Starter', 'fr-CA': 'Départ' },
  description: { 'en-US': 'Three topics' },
  longDescription: {},
  price: 49.5,
  bundleImage: { url: '/media/bundle.png' },
  userGroup: 'starter-learners',
  isMemberOf: false,
  discountTiers: [{ minSeats: 10, percentOff: 15 }],
};

const account: AccountView = {
  user: { id: { email: 'ada@example.com', username: 'ada', isOAuthUser: false } },
  userGroups: [{ _id: 'starter-learners', name: 'Starter', isAdmin: true }],
  name: { first: 'Ada', last: 'Lovelace', full: 'Ada Lovelace' },
  phone: '',
  company: 'Analytical',
  employeeId: '',
  profilePicture: { secure_url: '/uploads/ada.png' },
};

const scores: Scores = {
  score: 3,
  total: 5,
  summary: {
    'page-1': [
      { fieldId: 'q1', isCorrect: true, scoreWeight: 3 },
      { fieldId: 'q2', isCorrect: false, scoreWeight: 2 },
    ],
  },
};

const hits: SearchHit[] = [
  { _id: 'budgeting', name: 'Budget', description: 'Plan', topicImage: { secure_url: '/b.jpg' } },
  { _id: 'credit', name: 'Credit', description: '' },
];

const condition = { enabled: true, formula: { body: '<span data-ref="income"></span> > 0' } };

const fields: FieldView[] = [
  {
    _id: 'terms',
    name: 'Terms',
    question: '<p>Which terms?</p>',
    type: 'select',
    defaultValue: 'net-30',
    pickList: [
      { _id: 'p1', value: 'net-30', label: 'Net 30' },
      { _id: 'p2', value: 'net-60', label: 'Net 60' },
    ],
    scoreWeight: 2,
    isScored: true,
  },
  {
    _id: 'income',
    name: 'Income',
    question: '',
    type: 'slider',
    defaultValue: 10,
    minValue: 0,
    maxValue: 100,
    isScored: false,
  },
  { _id: 'note', name: 'Note', question: '', type: 'string', height: 4, isScored: false },
  {
    _id: 'agree',
    name: 'Agree',
    question: '',
    type: 'boolean',
    defaultValue: false,
    isScored: false,
  },
  { _id: 'list', name: 'List', question: '', type: 'number', defaultValue: null, isScored: false },
  {
    _id: 'plan',
    name: 'Plan',
    question: '',
    type: 'table',
    rowCount: 1,
    columnCount: 2,
    cells: [[{ value: 'Rent', isReadOnly: true }, { defaultValue: '0' }]],
    isScored: false,
  },
  { _id: 'receipt', name: 'Receipt', question: '', type: 'file', isScored: false },
];

const fragments: FragmentView[] = [
  { _id: 'c1', type: 'content', content: { body: '<p>Hello</p>' } },
  { _id: 'c2', type: 'content', showCondition: condition, content: { contentId: 'c2' } },
  ...fields.map((field, i): FragmentView => ({ _id: `f${i}`, type: 'field', field })),
  {
    _id: 'a1',
    type: 'attachment',
    attachment: { url: '/media/guide.pdf', name: 'Guide', description: '' },
  },
  {
    _id: 'fo1',
    type: 'formula',
    showCondition: { enabled: false, formula: { body: '' } },
    formula: { _id: 'net', name: 'Net', description: 'Income less rent', body: '1 + 1' },
  },
];

const topic: TopicView = {
  _id: 'budgeting',
  name: 'Budgeting',
  description: '<p>Plan</p>',
  isGeneral: false,
  visibility: 'Private',
  topicImage: image,
  imageUrl: image.secure_url,
  parentTopicGroup: { _id: 'money', name: 'Money', visibility: 'Public' },
  allowMultiWorksheets: true,
  showGradeReport: true,
  hasScoredFields: true,
  pages: [
    {
      _id: 'page-1',
      name: 'Income',
      visibility: 'Public',
      showCondition: condition,
      fragments,
      hasScoredFields: true,
    },
    { _id: 'page-2', name: 'Empty', visibility: 'Private', fragments: [], hasScoredFields: false },
  ],
};

const generalTopic: TopicView = {
  _id: 'general',
  name: 'General',
  description: '',
  isGeneral: true,
  visibility: 'Public',
  allowMultiWorksheets: false,
  showGradeReport: false,
  hasScoredFields: false,
  pages: [],
};

const workbook: WorkbookAnswer = {
  workbook: {
    workbook: {
      ...emptyWorkbook(),
      general: {
        data: { income: 10, plan: [['Rent', '900']] },
        fieldTimes: { income: '2025-01-01T00:00:00.000Z', plan: '2025-01-01T00:00:00.000Z' },
        completedPages: ['page-1'],
      },
      history: { topicId: 'budgeting', pageId: 'page-1', worksheetIndex: 0 },
    },
    version: 4,
    updatedAt: '2025-01-01T00:00:00.000Z',
  },
};

const errorBodies: ApiErrorBody[] = [
  { errors: ['Incorrect username, email or password'] },
  { errors: [{ 'en-US': 'Invalid', 'fr-CA': 'Invalide' }], errfor: { email: 'is required' } },
  { errors: ['Use single sign-on'], oAuthGroupId: 'staff' },
];

const order: OrderView = {
  _id: 'order-1',
  bundleId: 'bundle-1',
  bundleName: 'Starter',
  quantity: 5,
  unitCents: 4_900,
  percentOff: 10,
  totalCents: 22_050,
  currency: 'usd',
  status: 'fulfilled',
  provider: 'local',
  createdAt: '2026-01-01T00:00:00.000Z',
  cohortId: 'cohort-1',
};
const invitation: Invitation = {
  _id: 'inv-1',
  group: 'cohort-1',
  email: 'friend@example.com',
  state: 'used',
  createdAt: '2026-01-01T00:00:00.000Z',
  usedBy: 'account-1',
  usedAt: '2026-01-02T00:00:00.000Z',
  revokedAt: null,
  link: '/signup?email=friend%40example.com&inviteId=inv-1',
};

/** Every answer, by name: a schema and the bodies it must describe exactly. */
const answers: [string, z.ZodType, unknown[]][] = [
  ['organisation', organisationViewSchema, [organisation, bareOrganisation]],
  [
    '{bundles}',
    bundlesAnswerSchema,
    [{ bundles: [bundle, { ...bundle, bundleImage: undefined }] }],
  ],
  ['{account}', accountAnswerSchema, [{ account }, { account: { ...account, userGroups: [] } }]],
  ['{scores}', scoresAnswerSchema, [{ scores }, { scores: { score: 0, total: 0, summary: {} } }]],
  ['{topics} (search)', topicsAnswerSchema, [{ topics: hits }, { topics: [] }]],
  ['{topic}', topicAnswerSchema, [{ topic }, { topic: generalTopic }]],
  ['{content}', contentAnswerSchema, [{ content: { body: '<p>Long</p>', locale: 'en-US' } }]],
  ['{workbook}', workbookAnswerSchema, [workbook]],
  ['{token}', tokenAnswerSchema, [{ token: 'opaque-token' }]],
  ['{success}', successAnswerSchema, [{ success: true }]],
  ['error body', errorBodySchema, errorBodies],
  [
    '{checkoutSession}',
    checkoutSessionAnswerSchema,
    [{ checkoutSession: { url: '/checkout/order-1' } }],
  ],
  [
    '{order}',
    orderAnswerSchema,
    [{ order }, { order: { ...order, status: 'pending', cohortId: null } }],
  ],
  ['{orders}', ordersAnswerSchema, [{ orders: [order] }, { orders: [] }]],
  [
    '{invitations}',
    invitationsAnswerSchema,
    [
      {
        invitations: [
          invitation,
          { ...invitation, email: null, usedBy: null, usedAt: null, state: 'open' },
        ],
        counts: { open: 1, pending: 0, used: 1, revoked: 0 },
        seats: { bought: 2, used: 1, free: 1 },
      },
    ],
  ],
  ['{invitation}', invitationAnswerSchema, [{ invitation }]],
];

/** JSON as it travels: what the browser receives (no `undefined` members). */
const overTheWire = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('API answer schemas', () => {
  it.each(answers)('%s: parses real answers without losing anything', (_name, schema, bodies) => {
    for (const body of bodies.map(overTheWire)) expect(schema.parse(body)).toEqual(body);
  });

  // The server's response serializer encodes with the route's schema and drops unknown keys.
  it.each(answers)('%s: encodes as the server sends it', (_name, schema, bodies) => {
    for (const body of bodies.map(overTheWire)) expect(z.encode(schema, body)).toEqual(body);
  });

  // With the options of the server's OpenAPI plugin: a custom check (the workbook's records)
  // is documented by its `meta`.
  it.each(answers)('%s: has a JSON Schema for the API documentation', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })).not.toThrow();
  });

  it('describes each piece on its own too', () => {
    expect(bundleViewSchema.parse(bundle)).toEqual(bundle);
    expect(accountViewSchema.parse(account)).toEqual(account);
    expect(scoresSchema.parse(scores)).toEqual(scores);
    expect(searchHitSchema.parse(hits[0])).toEqual(hits[0]);
    expect(topicViewSchema.parse(topic)).toEqual(topic);
    expect(pageViewSchema.parse(topic.pages[0])).toEqual(topic.pages[0]);
    for (const field of fields) expect(fieldViewSchema.parse(field)).toEqual(field);
    expect(contentViewSchema.parse({ body: '', locale: 'fr-CA' })).toEqual({
      body: '',
      locale: 'fr-CA',
    });
  });

  it('refuses what no answer holds', () => {
    const fragment = (value: unknown) => fragmentViewSchema.safeParse(value).success;
    expect(fragment({ _id: 'x', type: 'video', video: {} })).toBe(false);
    expect(fragment({ _id: 'x', type: 'content', content: {} })).toBe(false);
    expect(fragment({ _id: 'x', type: 'content', content: { body: 'a', contentId: 'x' } })).toBe(
      false,
    );
    expect(fieldViewSchema.safeParse({ ...fields[0], type: 'date' }).success).toBe(false);
    expect(fieldViewSchema.safeParse({ ...fields[0], defaultValue: { x: 1 } }).success).toBe(false);
    const { primaryColor: _dropped, ...partialTheme } = organisation.theme;
    expect(organisationViewSchema.safeParse({ ...organisation, theme: partialTheme }).success).toBe(
      false,
    );
    expect(
      organisationViewSchema.safeParse({
        ...organisation,
        general: { ...organisation.general, _id: 'other' },
      }).success,
    ).toBe(false);
    expect(topicViewSchema.safeParse({ ...topic, visibility: 'Secret' }).success).toBe(false);
    expect(errorBodySchema.safeParse({ errors: [42] }).success).toBe(false);
    expect(successAnswerSchema.safeParse({ success: false }).success).toBe(false);
  });

  it('keeps the theme and field types in step with the content pack', () => {
    expect(Object.keys(themeViewSchema.shape).sort()).toEqual(
      Object.keys(themeSchema.shape).sort(),
    );
    expect(fieldViewSchema.shape.type.options).toEqual([...FIELD_TYPES]);
  });
});
