import type { FastifyBaseLogger } from 'fastify';
import { OutboxMailer, SmtpMailer, type Mailer } from '../adapters/mail/mailer';
import { LocalFileStorage } from '../adapters/storage/local-storage';
import type { FileStorage } from '../adapters/storage/storage';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { AccountService } from './account-service';
import { OrganisationService } from './organisation-service';
import { GradeService } from './grade-service';
import { SearchService } from './search-service';
import { SessionService } from './session-service';
import { TopicCache } from './topic-cache';
import { TopicService } from './topic-service';
import { UploadService } from './upload-service';
import { WorkbookService } from './workbook-service';

/** The use cases, built once per app from its configuration and adapters. */
export interface Services {
  /** Multiplies every rate limit (config RATE_LIMIT_SCALE). */
  rateLimitScale: number;
  grades: GradeService;
  search: SearchService;
  db: Db;
  topics: TopicService;
  organisations: OrganisationService;
  sessions: SessionService;
  accounts: AccountService;
  uploads: UploadService;
  workbooks: WorkbookService;
  mailer: Mailer;
  storage: FileStorage;
}

export function createServices(config: Config, db: Db, log: FastifyBaseLogger): Services {
  const organisations = new OrganisationService(db);
  const sessions = new SessionService(db, config.sessionDays);
  const mailer: Mailer = config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, log)
    : new OutboxMailer(config.outboxDir, log);
  const storage = new LocalFileStorage(config.uploadsDir);
  const accounts = new AccountService(db, sessions, mailer, storage, log);
  const uploads = new UploadService(db, storage, config.uploadMaxBytes);
  const workbooks = new WorkbookService(db);
  const topicCache = new TopicCache(db);
  return {
    rateLimitScale: config.rateLimitScale,
    db,
    organisations,
    sessions,
    accounts,
    uploads,
    workbooks,
    topics: new TopicService(db, topicCache),
    grades: new GradeService(topicCache, workbooks),
    search: new SearchService(db),
    mailer,
    storage,
  };
}
