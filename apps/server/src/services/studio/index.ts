import type { FastifyBaseLogger } from 'fastify';
import type { Caches } from '../../cache';
import type { Db } from '../../db/database';
import type { UseCaseArgs } from '../use-cases';
import { answerCounts } from './answers';
import { archive } from './archive';
import { catalogue, saveCatalogueOf } from './catalogue';
import type { StudioContext } from './context';
import { get, save } from './drafts';
import { presence } from './presence';
import { publish, restore, version, versions } from './publishing';
import { create, list } from './topics';

/**
 * The authoring studio (docs/design.md §14): topics' drafts, published versions, archiving,
 * presence and the catalogue, for the organisation's authors and administrators only
 * (policies/studio.ts). Every change is audited in its transaction (`audit_events`), and every
 * change learners can see reaches every process's caches (`caches.changed`).
 */
export class StudioService {
  private readonly ctx: StudioContext;

  constructor(db: Db, caches: Caches, log: FastifyBaseLogger, now: () => Date = () => new Date()) {
    this.ctx = { db, caches, log, now };
  }

  list(...args: UseCaseArgs<typeof list>) {
    return list(this.ctx, ...args);
  }

  create(...args: UseCaseArgs<typeof create>) {
    return create(this.ctx, ...args);
  }

  get(...args: UseCaseArgs<typeof get>) {
    return get(this.ctx, ...args);
  }

  save(...args: UseCaseArgs<typeof save>) {
    return save(this.ctx, ...args);
  }

  publish(...args: UseCaseArgs<typeof publish>) {
    return publish(this.ctx, ...args);
  }

  versions(...args: UseCaseArgs<typeof versions>) {
    return versions(this.ctx, ...args);
  }

  version(...args: UseCaseArgs<typeof version>) {
    return version(this.ctx, ...args);
  }

  restore(...args: UseCaseArgs<typeof restore>) {
    return restore(this.ctx, ...args);
  }

  archive(...args: UseCaseArgs<typeof archive>) {
    return archive(this.ctx, ...args);
  }

  answerCounts(...args: UseCaseArgs<typeof answerCounts>) {
    return answerCounts(this.ctx, ...args);
  }

  presence(...args: UseCaseArgs<typeof presence>) {
    return presence(this.ctx, ...args);
  }

  catalogue(...args: UseCaseArgs<typeof catalogue>) {
    return catalogue(this.ctx, ...args);
  }

  saveCatalogue(...args: UseCaseArgs<typeof saveCatalogueOf>) {
    return saveCatalogueOf(this.ctx, ...args);
  }
}
