/**
 * Shapes of the API answers (design §4): what the browser receives. The server builds them
 * with presenters; the web app reads them. Correct answers and secrets never appear here.
 */
import type { Theme } from './content-pack';

export interface ApiErrorBody {
  errors: (string | Record<string, string>)[];
  errfor?: Record<string, string>;
}

export interface ImageView {
  secure_url: string;
  unsplashAttribution?: { photographerName: string; photographerHandle: string };
}

export interface TopicRefView {
  _id: string;
  name: string;
  topicImage?: { secure_url: string };
}

export interface TopicGroupRefView {
  _id: string;
  name: string;
  description: string;
  topicGroupImage?: { secure_url: string };
  topics: TopicRefView[];
}

export interface GeneralTopicView {
  _id: 'general';
  name: string;
  description: string;
  isGeneral: true;
}

export interface OrganisationView {
  _id: string;
  alias: string;
  name: string;
  locales: string[];
  currentLocale: string;
  theme: Theme;
  logoImage?: { secure_url: string };
  gaUid?: string;
  supportEmail?: string;
  homePage: {
    title: string;
    subtitle: string;
    heroImage?: ImageView;
    promos: { _id: string; title: string; description: string }[];
    showSiteMap: boolean;
  };
  topics: TopicRefView[];
  topicGroups: TopicGroupRefView[];
  general?: GeneralTopicView;
  glossary: { word: string; plural?: string; definition: string }[];
  contact: {
    enabled: boolean;
    name?: string;
    email?: string;
    website?: string;
    phone1?: string;
    phone2?: string;
    address?: {
      line1?: string;
      line2?: string;
      city?: string;
      state?: string;
      country?: string;
      zip?: string;
    };
  };
  disableSelfSignup: boolean;
  userSignUpAgreement?: { url: string };
  enableMessaging: boolean;
  constraints: {
    groupAdminMessagingOnly: boolean;
    messagingAllowed: boolean;
    maxTopicWorksheets: number;
  };
  /** Where files go (design §4): this server's `/api/upload` unless a hosted service is set. */
  upload: { url: string; preset: string; tag: string };
  /** Whether the store has bundles; the header and home page show Store links only then. */
  hasBundles: boolean;
  /** Some topics exist that this viewer may not see (the /topics "no permissions" prompt). */
  hasHiddenTopics: boolean;
}

export interface BundleView {
  _id: string;
  name: Record<string, string>;
  description: Record<string, string>;
  longDescription: Record<string, string>;
  price: number;
  bundleImage?: { url: string };
  userGroup: string;
  isMemberOf: boolean;
  discountTiers: { minSeats: number; percentOff: number }[];
}
