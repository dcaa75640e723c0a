import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { OutboxMailer, SmtpMailer, type Mailer } from '../adapters/mail/mailer';
import { LocalPayments } from '../adapters/payments/local';
import type { PaymentProvider } from '../adapters/payments/payments';
import { StripePayments } from '../adapters/payments/stripe';
import { InProcessPubSub } from '../adapters/pubsub/in-process';
import { RedisPubSub } from '../adapters/pubsub/redis';
import type { PubSub } from '../adapters/pubsub/pubsub';
import { OpenIdSsoClient } from '../adapters/sso/openid';
import { LocalFileStorage } from '../adapters/storage/local-storage';
import { S3FileStorage } from '../adapters/storage/s3-storage';
import type { FileStorage } from '../adapters/storage/storage';
import { Caches } from '../cache';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { registerJobs } from '../jobs';
import { QueuedMailer } from '../jobs/mail';
import { JobRunner } from '../jobs/runner';
import { AccountService } from './account';
import { clusterChannels } from './cluster-channels';
import { EventService } from './event-service';
import { GradeService } from './grade-service';
import { GroupService } from './groups';
import { HealthService } from './health-service';
import { InvitationService } from './invitations';
import { MessageService } from './messages';
import { OrganisationService } from './organisation-service';
import { ProgressService } from './progress-service';
import { SearchService } from './search-service';
import { SeoService } from './seo-service';
import { SessionService } from './session-service';
import { SiteLinks } from './site-links';
import { SsoService } from './sso';
import { AdminService } from './admin';
import { LogoReader } from '../adapters/certificates/logo';
import { OrdersService } from './admin/orders';
import { CertificateService } from './certificates';
import { Metrics } from '../metrics/metrics';
import { NotificationService } from './notifications';
import { OpenBadgeService } from './open-badges';
import { PeopleService } from './admin/people-service';
import { PrivacyService } from './privacy';
import { StudioService } from './studio';
import { StudioPreviewService } from './studio/preview';
import { createStore, type StoreService } from './store';
import { TopicCache } from './topic-cache';
import { TopicService } from './topic-service';
import { UploadService } from './uploads';
import { ViewerService } from './viewer-service';
import { WorkbookService } from './workbooks';

/**
 * The use cases, built once per app from its configuration and adapters. Routes reach the
 * database only through these.
 */
export interface Services {
  /** Multiplies every rate limit (config RATE_LIMIT_SCALE). */
  rateLimitScale: number;
  health: HealthService;
  grades: GradeService;
  search: SearchService;
  topics: TopicService;
  organisations: OrganisationService;
  sessions: SessionService;
  accounts: AccountService;
  uploads: UploadService;
  workbooks: WorkbookService;
  events: EventService;
  links: SiteLinks;
  /** robots.txt, the sitemap and the meta of each page, from what a visitor may see. */
  seo: SeoService;
  mailer: Mailer;
  storage: FileStorage;
  pubsub: PubSub;
  /** The named caches; `caches.changed(...)` drops what a change reaches on every process. */
  caches: Caches;
  viewers: ViewerService;
  store: StoreService;
  /** The one runner of background work (jobs/): started when the app is ready. */
  jobs: JobRunner;
  /** Single sign-on per user group (OpenID Connect). */
  sso: SsoService;
  messages: MessageService;
  /** Each learner's progress per topic and worksheet, kept after their saves. */
  progress: ProgressService;
  /** A group's page for its administrators: members, progress, its cohorts. */
  groups: GroupService;
  /** Seats and invitations of a group, and the use of an invitation (docs/design.md §9). */
  invitations: InvitationService;
  /** How often an open message stream sends a heartbeat (MESSAGE_HEARTBEAT_MS). */
  messageHeartbeatMs: number;
  /** The organisation console: its audit log (docs/design.md §15). */
  admin: AdminService;
  /** The console's People screen: search, invite, import, roles, groups, status. */
  people: PeopleService;
  /** The console's Orders screen: orders with their seats, refunds. */
  orders: OrdersService;
  /** A person's data: their export and erasure, by themselves or an administrator (design §18). */
  privacy: PrivacyService;
  /** Certificates: issued on completion, verified by anyone with the link, revoked in the console. */
  certificates: CertificateService;
  notifications: NotificationService;
  /** What GET /metrics shows (prom-client), fed by the app, the runner and the stream hub. */
  metrics: Metrics;
  metricsToken: string | undefined;
  /** A certificate as a signed Open Badges 3.0 credential; the issuer's keys and Profile. */
  openBadges: OpenBadgeService;
  /** The authoring studio: drafts, versions, archive, presence, catalogue (docs/design.md §14). */
  studio: StudioService;
  /** The studio's preview: the draft in the learner's screens, on the author's preview workbook. */
  studioPreview: StudioPreviewService;
}

export function createServices(config: Config, db: Db, log: FastifyBaseLogger): Services {
  const pubsub: PubSub = config.redisUrl
    ? new RedisPubSub(config.redisUrl, log)
    : new InProcessPubSub();
  // Changes (imports, revocations, purchases) reach every process at once (with REDIS_URL).
  const caches = new Caches({
    bus: { pubsub, channel: clusterChannels(config.redisPrefix).cacheChanged },
    onError: (err, name) => log.warn({ err, cache: name }, 'a cache was not refreshed'),
  });
  const organisations = new OrganisationService(
    db,
    { baseDomain: config.baseDomain, defaultOrg: config.defaultOrg },
    caches,
  );
  const sessions = new SessionService(db, config.sessionDays, caches);
  const mailer: Mailer = config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, log)
    : new OutboxMailer(config.outboxDir, log);
  const storage: FileStorage =
    config.storage.kind === 's3'
      ? new S3FileStorage(config.storage)
      : new LocalFileStorage(config.uploadsDir);
  const links = new SiteLinks({
    publicOrigin: config.publicOrigin,
    baseDomain: config.baseDomain,
    port: config.port,
    defaultOrg: config.defaultOrg,
  });
  const viewers = new ViewerService(db, caches);
  const metrics = new Metrics({ node: config.metricsEnabled });
  const jobs = new JobRunner(db, log, {
    onOutcome: (kind, outcome) => metrics.job(kind, outcome),
  });
  metrics.watchQueue(() => jobs.queueDepth());
  if (db.poolStats) metrics.watchPool(db.poolStats);
  // Use cases queue their mail: the mail job sends it once, and again if the server refused it.
  const queuedMail = new QueuedMailer(jobs, db);
  const notifications = new NotificationService(db, jobs, queuedMail, links, log);
  const invitations = new InvitationService(db, viewers, queuedMail, links, log, notifications);
  const accounts = new AccountService(
    db,
    sessions,
    queuedMail,
    storage,
    links,
    log,
    invitations,
    viewers,
  );
  const uploads = new UploadService(
    db,
    storage,
    config.uploadMaxBytes,
    path.join(config.dataDir, 'incoming'),
    config.uploadQuota,
  );
  const workbooks = new WorkbookService(db);
  const topicCache = new TopicCache(db, caches);
  const certificates = new CertificateService(
    db,
    topicCache,
    jobs,
    links,
    new LogoReader({ mediaDir: config.mediaDir, uploadsDir: config.uploadsDir, storage }),
    notifications,
  );
  const progress = new ProgressService(db, topicCache, log, caches, certificates);
  const payments: PaymentProvider =
    config.payments.provider === 'stripe'
      ? new StripePayments(config.payments)
      : new LocalPayments();
  const store = createStore({ db, payments, links, jobs, viewers, invitations, log });
  registerJobs(jobs, {
    db,
    mailer,
    links,
    fulfilment: store.fulfilment,
    log,
    certificates,
    notifications,
    metrics,
  });
  return {
    rateLimitScale: config.rateLimitScale,
    health: new HealthService(db),
    organisations,
    sessions,
    accounts,
    uploads,
    workbooks,
    topics: new TopicService(db, topicCache, caches),
    grades: new GradeService(topicCache, workbooks),
    search: new SearchService(db),
    events: new EventService(db, topicCache),
    links,
    seo: new SeoService(db, links, caches),
    mailer,
    storage,
    pubsub,
    caches,
    viewers,
    store,
    jobs,
    sso: new SsoService(
      db,
      sessions,
      new OpenIdSsoClient({ allowHttp: config.ssoAllowHttp }),
      organisations,
      links,
      {
        secretFromEnv: config.secretFromEnv,
        publicProtocol: config.publicOrigin?.protocol,
        devOidcIssuer: config.devOidcIssuer,
      },
      log,
      invitations,
      viewers,
    ),
    messages: new MessageService(
      db,
      pubsub,
      sessions,
      viewers,
      log,
      caches,
      notifications,
      config.redisPrefix,
    ),
    progress,
    groups: new GroupService(
      db,
      topicCache,
      workbooks,
      progress,
      viewers,
      invitations,
      log,
      caches,
    ),
    invitations,
    messageHeartbeatMs: config.messageHeartbeatMs,
    admin: new AdminService(db, caches, {
      ssoRules: { allowHttp: config.ssoAllowHttp, allowPrivate: config.ssoAllowPrivateIssuers },
    }),
    people: new PeopleService({ db, sessions, caches, mailer: queuedMail, links, jobs }),
    certificates,
    notifications,
    metrics,
    metricsToken: config.metricsToken,
    openBadges: new OpenBadgeService(db, organisations, links),
    orders: new OrdersService({ db, caches, payments, log, now: () => new Date() }),
    privacy: new PrivacyService({
      db,
      caches,
      storage,
      log,
      confirmPassword: accounts.confirmPassword.bind(accounts),
    }),
    studio: new StudioService(db, caches, log),
    studioPreview: new StudioPreviewService(db),
  };
}
