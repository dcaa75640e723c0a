import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Tables. JSON documents are kept as text so the same queries run on SQLite and PostgreSQL;
 * booleans are 0/1 integers for the same reason. Every tenant row carries `org_id`.
 */
export interface OrganisationsTable {
  id: string;
  alias: string;
  /** JSON: the pack's `organisation` object (OrganisationSettings). */
  settings: string;
  /** Hash of the last imported pack; an unchanged pack is not written again. */
  content_hash: string;
  created_at: string;
  updated_at: string;
  /** Counts changes of the topic groups, the topics' order and the grants (studio catalogue). */
  catalogue_version: Generated<number>;
  /** The published version of the settings that `settings` holds (migration 0020). */
  settings_version: Generated<number>;
}

/** A published version of an organisation's settings, immutable (docs/design.md §15). */
export interface SettingsVersionsTable {
  org_id: string;
  version: number;
  /** JSON: OrganisationSettings. */
  document: string;
  published_at: string;
  /** The administrator who published it; null: a pack import. */
  published_by: string | null;
  note: string | null;
}

/** The one draft of an organisation's settings that the console edits. */
export interface SettingsDraftsTable {
  org_id: string;
  document: string;
  /** Counts saves: a save names the version it read, and is refused when another came first. */
  version: number;
  updated_at: string;
  updated_by: string | null;
}

export interface OrgHostsTable {
  host: string;
  org_id: string;
}

export interface TopicsTable {
  org_id: string;
  id: string;
  position: number;
  is_general: number;
  visibility: string;
  /** JSON: the whole Topic of the pack, correct answers included (never sent as is). */
  data: string;
  /** The published version this row holds (`topic_versions`): what learners read. */
  published_version: Generated<number>;
  /** 1: archived in the studio, hidden from learners (mirrors `topic_drafts.archived`). */
  archived: Generated<number>;
}

/**
 * The draft of a topic (docs/design.md §14): what authors edit, unseen by learners. `version`
 * counts saves, so that a save from a stale tab is refused rather than applied.
 */
export interface TopicDraftsTable {
  org_id: string;
  topic_id: string;
  is_general: number;
  /** JSON: the Topic in the pack's shape, correct answers included. */
  document: string;
  version: number;
  updated_at: string;
  /** The account that saved it; null for a pack import. */
  updated_by: string | null;
  /** 1: archived (hidden from learners, listed apart in the studio). */
  archived: Generated<number>;
}

/** A published version of a topic, never changed once written; numbered 1, 2, 3… per topic. */
export interface TopicVersionsTable {
  org_id: string;
  topic_id: string;
  version: number;
  /** JSON: the Topic as published. */
  document: string;
  published_at: string;
  /** The account that published it; null for a pack import. */
  published_by: string | null;
  /** What the author said of this version; null for none (and for a pack import). */
  note: Generated<string | null>;
}

export interface TopicGroupsTable {
  org_id: string;
  id: string;
  position: number;
  visibility: string;
  /** JSON: the TopicGroup of the pack without its topic list. */
  data: string;
}

export interface TopicGroupTopicsTable {
  org_id: string;
  group_id: string;
  topic_id: string;
  position: number;
}

export interface UserGroupsTable {
  org_id: string;
  id: string;
  position: number;
  /** JSON: the UserGroup of the pack without its topic list (a cohort: `{_id, name}`). */
  data: string;
  /** A cohort's group: its members see that group's topics too (docs/design.md §9). */
  parent_id: Generated<string | null>;
  /** The buyer a cohort made by a purchase belongs to. */
  owner_id: Generated<string | null>;
  /** `pack` (declared by a content pack) or `purchase` (a buyer's cohort: imports keep it). */
  origin: Generated<GroupOrigin>;
}

export type GroupOrigin = 'pack' | 'purchase';

export interface UserGroupTopicsTable {
  org_id: string;
  group_id: string;
  topic_id: string;
  position: number;
}

export interface BundlesTable {
  org_id: string;
  id: string;
  position: number;
  user_group_id: string;
  data: string;
}

export interface UsersTable {
  id: string;
  org_id: string;
  username: string;
  username_key: string;
  email: string;
  email_key: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  /** 1 when the account was declared by a content pack (demo accounts); exported with it. */
  from_pack: number;
  created_at: string;
  updated_at: string;
  phone: Generated<string>;
  company: Generated<string>;
  employee_id: Generated<string>;
  /** JSON: {secure_url, original_filename, public_id}, or null. */
  profile_picture: string | null;
  /** The user group whose single sign-on this account uses; null for password accounts. */
  oauth_group_id: string | null;
  /** JSON: the account's roles in its organisation beyond learner (`OrgRole[]`). */
  roles: Generated<string>;
  /** active, invited (no password chosen yet) or deactivated (migration 0021). */
  status: Generated<string>;
}

/** A certificate (migration 0023): what it says, frozen at issue, and its revocation. */
export interface CertificatesTable {
  id: string;
  org_id: string;
  user_id: string;
  topic_id: string;
  learner_name: string;
  /** JSON: LocalisedText. */
  topic_name: string;
  /** JSON: LocalisedText. */
  organisation_name: string;
  locale: string;
  issued_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  revoked_by: string | null;
}

/** An organisation's key that signs its Open Badges (migration 0026). */
export interface SigningKeysTable {
  /** The key's RFC 7638 thumbprint. */
  kid: string;
  org_id: string;
  alg: string;
  /** JSON: the public JWK. */
  public_jwk: string;
  /** PKCS #8 PEM: never answered, never logged. */
  private_key: string;
  created_at: string;
  retired_at: string | null;
}

/** A CSV import of people (migration 0021): its checked rows and its progress. */
export interface PeopleImportsTable {
  id: string;
  org_id: string;
  actor_id: string | null;
  /** queued, running, done, failed. */
  status: string;
  /** JSON: the checked rows. */
  rows: string;
  total: number;
  done: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** sha256 of the token: the token itself is never stored. */
  token_hash: string;
  user_id: string;
  org_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  org_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface UploadsTable {
  public_id: string;
  org_id: string;
  user_id: string;
  storage_key: string;
  url: string;
  original_filename: string;
  content_type: string;
  size: number;
  created_at: string;
  /** The client address it came from (null before issue 24). */
  address: string | null;
}

/** An upload in progress: the bytes it holds against the hourly quotas until it is stored. */
export interface UploadReservationsTable {
  id: string;
  org_id: string;
  user_id: string;
  address: string;
  bytes: number;
  created_at: string;
}

/** A change of email waiting for the link mailed to the new address. */
export interface EmailChangesTable {
  token_hash: string;
  user_id: string;
  org_id: string;
  new_email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface InvitesTable {
  id: string;
  org_id: string;
  group_id: string;
  email_key: string | null;
  created_at: string;
  used_by: string | null;
  used_at: string | null;
  /** The order whose seat this is; null for invitations made otherwise. */
  order_id: Generated<string | null>;
  revoked_at: Generated<string | null>;
}

export interface OrdersTable {
  id: string;
  org_id: string;
  user_id: string;
  bundle_id: string;
  /** JSON: the bundle's localised name when the order was made. */
  bundle_name: string;
  user_group_id: string;
  quantity: number;
  unit_cents: number;
  percent_off: number;
  total_cents: number;
  currency: string;
  status: string;
  provider: string;
  provider_session_id: string | null;
  /** The buyer's locale: the receipt is written in it. */
  locale: string;
  created_at: string;
  updated_at: string;
  fulfilled_at: string | null;
  /** The buyer's cohort that holds the seats (two or more), once fulfilled. */
  cohort_id: Generated<string | null>;
}

/** A payment provider's event already handled: its id is the primary key (exactly once). */
export interface PaymentEventsTable {
  id: string;
  org_id: string;
  order_id: string;
  type: string;
  received_at: string;
  /** `received` (recorded, not yet fulfilled) or `done`. */
  status: ColumnType<'received' | 'done', 'received' | 'done' | undefined, 'done'>;
}

/** One piece of background work (migration 0016, jobs/runner.ts). */
export interface JobsTable {
  id: string;
  kind: string;
  org_id: string | null;
  /** JSON. */
  payload: string;
  /** `queued`, `running` (claimed under a lease), `done` or `failed` (attempts used up). */
  status: string;
  attempts: number;
  max_attempts: number;
  run_at: string;
  lease_until: string | null;
  locked_by: string | null;
  idempotency_key: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** A mail recorded before it is sent, under its job's key: never sent twice (jobs/mail.ts). */
export interface MailDeliveriesTable {
  key: string;
  sent_at: string;
}

export interface UserGroupMembersTable {
  org_id: string;
  group_id: string;
  user_id: string;
  role: string;
}

export interface WorkbooksTable {
  org_id: string;
  user_id: string;
  /** JSON: the Workbook (domain), merged field by field on every save. */
  data: string;
  version: number;
  updated_at: string;
}

/** An author's preview answers (migration 0018): a workbook that is never a learner's. */
export type PreviewWorkbooksTable = WorkbooksTable;

export interface ContentsTable {
  org_id: string;
  /** The content fragment's id. */
  id: string;
  page_id: string;
  topic_id: string;
  topic_visibility: string;
  page_visibility: string;
  /** JSON: the fragment's localised, sanitised HTML. */
  body: string;
}

/** Full-text index of topics per locale: FTS5 on SQLite, tsvector on PostgreSQL (queried with raw SQL). */
export interface TopicSearchTable {
  org_id: string;
  topic_id: string;
  locale: string;
  visibility: string;
  /** Who the document is for: 'everyone', 'public' or 'granted' (SearchAudience). */
  audience: string;
}

export interface AnalyticsEventsTable {
  id: string;
  org_id: string;
  user_id: string | null;
  name: string;
  category: string;
  /** JSON of the event's other fields. */
  payload: string;
  created_at: string;
}

/** A message of a user group; a private one is for its author and the group's administrators. */
export interface MessagesTable {
  id: string;
  org_id: string;
  group_id: string;
  author_id: string;
  /** Plain text, trimmed. */
  body: string;
  is_private: number;
  /** ISO 8601 with milliseconds. */
  created_at: string;
  /** A private message's thread: the member's account id; '' for a group message. */
  thread_id: Generated<string>;
}

/** Up to when a learner has read a group's messages ('' thread) or one private thread. */
export interface MessageReadsTable {
  org_id: string;
  account_id: string;
  group_id: string;
  thread_id: string;
  read_at: string;
}

/** Each group's ('' thread) and each private thread's last message: where unread counts look. */
export interface MessageThreadsTable {
  org_id: string;
  group_id: string;
  thread_id: string;
  last_at: string;
}

/** A single sign-on under way: used once, good for ten minutes (services/sso/). */
export interface SsoFlowsTable {
  /** Random; named by the HttpOnly cookie set when the sign-in starts. */
  id: string;
  state: string;
  nonce: string;
  code_verifier: string;
  org_id: string;
  group_id: string;
  invite_id: string | null;
  redirect_uri: string;
  created_at: string;
}

/** Which account a provider's identity (issuer and subject) signs in to. */
export interface SsoIdentitiesTable {
  org_id: string;
  issuer: string;
  subject: string;
  user_id: string;
  created_at: string;
}

/** A learner's progress on one worksheet of a topic, as graded after their last save. */
export interface WorksheetProgressTable {
  org_id: string;
  user_id: string;
  topic_id: string;
  worksheet_index: number;
  completed_pages: number;
  pages: number;
  score: number;
  total: number;
  updated_at: string;
}

/** An author seen editing a topic: a heartbeat every 15 s (services/studio/presence.ts). */
export interface StudioPresenceTable {
  org_id: string;
  topic_id: string;
  user_id: string;
  /** When this stretch of editing began. */
  since: string;
  seen_at: string;
}

/** A change made in the studio: who, when, what, on what (services/studio/audit.ts). */
export interface AuditEventsTable {
  id: string;
  org_id: string;
  at: string;
  /** The account that made the change; null for the system. */
  actor_id: string | null;
  action: string;
  target: string;
  /** JSON of what the change carried (version numbers, note…). */
  detail: string;
  /** JSON of the target before the change (migration 0019); null: nothing, or not recorded. */
  before: string | null;
  /** JSON of the target after the change. */
  after: string | null;
}

/** Mail notices wanted (migration 0027), by account id or `email:{address}`. */
export interface NotificationPreferencesTable {
  org_id: string;
  subject: string;
  /** JSON: NotificationPreferences. */
  prefs: string;
  locale: string | null;
  updated_at: string;
}

/** Each organisation's key for its unsubscribe links' HMAC (migration 0027). */
export interface NotificationSecretsTable {
  org_id: string;
  secret: string;
  created_at: string;
}

export interface Database {
  organisations: OrganisationsTable;
  org_hosts: OrgHostsTable;
  settings_versions: SettingsVersionsTable;
  settings_drafts: SettingsDraftsTable;
  topics: TopicsTable;
  topic_drafts: TopicDraftsTable;
  topic_versions: TopicVersionsTable;
  topic_groups: TopicGroupsTable;
  topic_group_topics: TopicGroupTopicsTable;
  user_groups: UserGroupsTable;
  user_group_topics: UserGroupTopicsTable;
  bundles: BundlesTable;
  users: UsersTable;
  user_group_members: UserGroupMembersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  uploads: UploadsTable;
  upload_reservations: UploadReservationsTable;
  email_changes: EmailChangesTable;
  invites: InvitesTable;
  orders: OrdersTable;
  payment_events: PaymentEventsTable;
  workbooks: WorkbooksTable;
  preview_workbooks: PreviewWorkbooksTable;
  contents: ContentsTable;
  topic_search: TopicSearchTable;
  analytics_events: AnalyticsEventsTable;
  sso_flows: SsoFlowsTable;
  sso_identities: SsoIdentitiesTable;
  messages: MessagesTable;
  message_reads: MessageReadsTable;
  message_threads: MessageThreadsTable;
  worksheet_progress: WorksheetProgressTable;
  jobs: JobsTable;
  people_imports: PeopleImportsTable;
  mail_deliveries: MailDeliveriesTable;
  studio_presence: StudioPresenceTable;
  audit_events: AuditEventsTable;
  certificates: CertificatesTable;
  notification_preferences: NotificationPreferencesTable;
  notification_secrets: NotificationSecretsTable;
  signing_keys: SigningKeysTable;
}

export type OrganisationRow = Selectable<OrganisationsTable>;
export type TopicRow = Selectable<TopicsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type { Generated };
