import {
  gradeWorksheet,
  type GradablePage,
  type Sheet,
  type Topic,
  type Workbook,
  type WorkbookSave,
} from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Caches } from '../cache';
import type { Db } from '../db/database';
import { inTransaction } from '../db/repositories/executor';
import { replaceProgress, type ProgressRow } from '../db/repositories/group-admin';
import { findOrganisationById, type OrganisationRecord } from '../db/repositories/organisations';
import { pageOfWorkbooks } from '../db/repositories/workbooks';
import type { CertificateService } from './certificates';
import type { TopicCache } from './topic-cache';

/** The pages of a topic as grading takes them (every page: a group's members are granted it). */
export function gradablePages(topic: Topic): GradablePage[] {
  return topic.pages.map((page) => ({
    _id: page._id,
    fields: page.fragments.flatMap((f) => (f.type === 'field' ? [f.field] : [])),
  }));
}

/**
 * A worksheet's progress: pages completed out of the topic's pages, and its score out of its
 * total, by the report card's own grading (gradeWorksheet).
 */
export function worksheetProgress(
  topic: Topic,
  pages: readonly GradablePage[],
  sheet: Pick<Sheet, 'data' | 'completedPages'>,
): { completedPages: number; pages: number; score: number; total: number } {
  const pageIds = new Set(topic.pages.map((p) => p._id));
  const done = new Set(sheet.completedPages.filter((id) => pageIds.has(id)));
  const { score, total } = gradeWorksheet(pages, sheet.data);
  return { completedPages: done.size, pages: pageIds.size, score, total };
}

interface Pending {
  org: OrganisationRecord;
  userId: string;
  workbook: Workbook;
  /** The language of the learner's last save (a certificate earned is issued in it). */
  locale: string;
  /** Topics whose progress is to be written again; `all` after a worksheet was removed. */
  topics: Set<string> | 'all';
}

/**
 * Keeps each learner's progress per topic and worksheet (table worksheet_progress) up to date
 * after their saves, so that a group's page reads it instead of grading every workbook.
 *
 * A save only notes what changed (`track`, no database work on the save's path); the notes of
 * one turn of the event loop are graded and written together, in the background, one learner's
 * latest workbook once however many saves it took. `settled()` waits for what was noted before
 * it (the group's page calls it, so an administrator sees the saves this process has answered).
 */
export class ProgressService {
  private pending = new Map<string, Pending>();
  private scheduled = false;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly topics: TopicCache,
    private readonly log: FastifyBaseLogger,
    private readonly caches: Caches,
    private readonly certificates?: CertificateService,
  ) {}

  /** Notes a saved workbook: the topics the save touched are graded again soon. */
  track(
    org: OrganisationRecord,
    userId: string,
    incoming: WorkbookSave,
    saved: Workbook,
    locale = org.settings.locales[0] ?? 'en-US',
  ): void {
    const key = `${org.id}\u0000${userId}`;
    const touched =
      Object.keys(incoming.removedWorksheets ?? {}).length > 0
        ? ('all' as const)
        : new Set(Object.keys(incoming.topics ?? {}));
    if (touched !== 'all' && touched.size === 0) return;
    const before = this.pending.get(key);
    let topics: Set<string> | 'all' = touched;
    if (before && before.topics !== 'all' && touched !== 'all')
      topics = new Set([...before.topics, ...touched]);
    else if (before) topics = 'all';
    this.pending.set(key, { org, userId, workbook: saved, locale, topics });
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        const batch = [...this.pending.values()];
        this.pending = new Map();
        this.chain = this.chain.then(() => this.write(batch));
      });
    }
  }

  /** Resolves once everything noted before this call is written (or failed and was logged). */
  async settled(): Promise<void> {
    if (this.scheduled) await new Promise((resolve) => setImmediate(resolve));
    await this.chain;
  }

  /** Grades and writes the progress of one learner's workbook now (tests, backfills). */
  async writeNow(org: OrganisationRecord, userId: string, workbook: Workbook): Promise<void> {
    await this.write([
      { org, userId, workbook, locale: org.settings.locales[0] ?? 'en-US', topics: 'all' },
    ]);
  }

  /**
   * Grades every stored workbook again, of one organisation or of all, a page of workbooks at a
   * time: after migration 0012 made the table (workbooks saved before it have no rows yet), and
   * after a content import that changed an organisation's pages. Resolves with how many
   * workbooks it graded.
   */
  async recompute(orgId?: string, pageSize = 200): Promise<number> {
    const organisations = new Map<string, OrganisationRecord | null>();
    let after: { orgId: string; userId: string } | undefined;
    let graded = 0;
    for (;;) {
      const rows = await pageOfWorkbooks(this.db, {
        ...(orgId && { orgId }),
        ...(after && { after }),
        limit: pageSize,
      });
      const batch: Pending[] = [];
      for (const row of rows) {
        if (!organisations.has(row.org_id))
          organisations.set(row.org_id, await findOrganisationById(this.db, row.org_id));
        const org = organisations.get(row.org_id);
        let workbook: Workbook;
        try {
          workbook = JSON.parse(row.data) as Workbook;
        } catch {
          continue;
        }
        if (org && workbook?.topics)
          batch.push({
            org,
            userId: row.user_id,
            workbook,
            locale: org.settings.locales[0] ?? 'en-US',
            topics: 'all',
          });
      }
      if (batch.length) await this.write(batch);
      graded += batch.length;
      const last = rows.at(-1);
      if (!last || rows.length < pageSize) break;
      after = { orgId: last.org_id, userId: last.user_id };
    }
    return graded;
  }

  private async write(batch: Pending[]): Promise<void> {
    try {
      const at = new Date().toISOString();
      const work: Array<{ p: Pending; topicIds: string[]; rows: Omit<ProgressRow, 'userId'>[] }> =
        [];
      const offers: Array<{ p: Pending; topic: Topic; rows: Omit<ProgressRow, 'userId'>[] }> = [];
      for (const p of batch) {
        const topicIds = p.topics === 'all' ? Object.keys(p.workbook.topics) : [...p.topics];
        const rows: Omit<ProgressRow, 'userId'>[] = [];
        for (const topicId of topicIds) {
          const stored = await this.topics.load(p.org, topicId);
          if (!stored || stored.isGeneral) continue;
          const pages = gradablePages(stored.topic);
          const topicRows: Omit<ProgressRow, 'userId'>[] = [];
          (Object.hasOwn(p.workbook.topics, topicId) ? p.workbook.topics[topicId]! : []).forEach(
            (sheet, worksheetIndex) => {
              topicRows.push({
                topicId,
                worksheetIndex,
                ...worksheetProgress(stored.topic, pages, sheet),
              });
            },
          );
          rows.push(...topicRows);
          if (stored.topic.certificate?.enabled)
            offers.push({ p, topic: stored.topic, rows: topicRows });
        }
        work.push({ p, topicIds, rows });
      }
      await inTransaction(this.db, async (tx) => {
        for (const { p, topicIds, rows } of work)
          await replaceProgress(tx, p.org.id, p.userId, topicIds, rows, at);
      });
      // The member sums of this organisation's groups (GroupService) are read again; other
      // processes refresh theirs within a second, as a save's progress is not worth the bus.
      for (const orgId of new Set(batch.map((p) => p.org.id)))
        this.caches.drop({ group: { org: orgId } });
      // A topic that offers a certificate: its issue is queued once earned (a job of its own).
      for (const { p, topic, rows } of offers)
        await this.certificates?.noteProgress(p.org, p.userId, p.locale, topic, rows);
    } catch (err) {
      this.log.error({ err }, 'progress not written');
    }
  }
}
