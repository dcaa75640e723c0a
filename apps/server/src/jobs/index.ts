import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../adapters/mail/mailer';
import type { Db } from '../db/database';
import type { CertificateService } from '../services/certificates';
import type { Metrics } from '../metrics/metrics';
import type { NotificationService } from '../services/notifications';
import type { SiteLinks } from '../services/site-links';
import type { Fulfilment } from '../services/store/fulfilment';
import { MailDelivery, mailJob } from './mail';
import { paymentEventJob } from './payment-event';
import { receiptMailJob } from './receipt-mail';
import type { JobRunner } from './runner';

/** Every kind of job, registered once on the app's runner. */
export function registerJobs(
  runner: JobRunner,
  deps: {
    db: Db;
    mailer: Mailer;
    links: SiteLinks;
    fulfilment: Fulfilment;
    log: FastifyBaseLogger;
    certificates: CertificateService;
    notifications: NotificationService;
    metrics: Metrics;
  },
): void {
  const delivery = new MailDelivery(deps.db, deps.mailer, deps.log, Date.now, (outcome) =>
    deps.metrics.mail(outcome),
  );
  runner
    .register(mailJob(delivery))
    .register(paymentEventJob(deps.fulfilment))
    .register(receiptMailJob(deps.db, deps.links, delivery))
    .register(deps.certificates.issueJob());
  for (const kind of deps.notifications.jobKinds()) runner.register(kind);
}
