import { randomBytes } from 'node:crypto';
import { cohortName } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { findUser } from '../../db/repositories/accounts';
import { inTransaction, type Executor } from '../../db/repositories/executor';
import { ensureMember, makeGroupAdmin } from '../../db/repositories/memberships';
import {
  claimPaymentEvent,
  findOrderById,
  moveOrder,
  setOrderCohort,
  type Order,
} from '../../db/repositories/orders';
import { ensureCohort, findUserGroup } from '../../db/repositories/user-groups';
import { JOB_KINDS } from '../../jobs/kinds';
import type { JobRunner } from '../../jobs/runner';
import type { InvitationService } from '../invitations';
import type { ViewerService } from '../viewer-service';

/** What a payment confirmation did. */
export type FulfilOutcome =
  | 'fulfilled'
  /** This event was handled before. */
  | 'duplicate'
  /** Another event fulfilled the order first. */
  | 'already-fulfilled'
  /** The amount, currency or provider is not the order's: nothing is done. */
  | 'mismatch'
  | 'unknown-order';

const now = () => new Date().toISOString();
/** A buyer's cohort: its id is unguessable, so it reveals nothing of who bought. */
const newCohortId = () => `cohort-${randomBytes(12).toString('base64url')}`;

/**
 * Fulfilment exactly once (docs/design.md §9), from a payment event the inbox recorded. Seats:
 * one makes the buyer a member of the bundle's user group; two or more make (or add to) the
 * buyer's own cohort under that group, which the buyer administers without using a seat, with
 * one open invitation per seat.
 */
export class Fulfilment {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobRunner,
    private readonly viewers: ViewerService,
    private readonly invitations: InvitationService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Fulfils one recorded event, in one transaction, and is idempotent (the payment-event job may
   * run it more than once, and the local checkout's Pay runs it at once too): the event is claimed
   * (`received` → `done`, a conditional UPDATE: of two runs one claims it), the order moves to
   * fulfilled with a conditional UPDATE (a second event of the order moves nothing and stops
   * here), the buyer gets the seats, and the receipt is queued (a job of the same transaction,
   * one per order). A confirmed payment also fulfils an order cancelled or expired meanwhile: the
   * money was taken.
   */
  async fulfilEvent(event: { id: string; orderId: string }): Promise<FulfilOutcome> {
    const order = await findOrderById(this.db, event.orderId);
    const at = now();
    const outcome = await inTransaction(this.db, async (tx): Promise<FulfilOutcome> => {
      if (!(await claimPaymentEvent(tx, event.id))) return 'duplicate';
      if (!order) return 'unknown-order';
      const moved = await moveOrder(
        tx,
        order.id,
        ['pending', 'paid', 'cancelled', 'expired'],
        'fulfilled',
        at,
      );
      if (!moved) return 'already-fulfilled';
      await this.giveSeats(tx, order, at);
      await this.jobs.enqueue(tx, {
        kind: JOB_KINDS.receipt,
        payload: { orderId: order.id },
        orgId: order.orgId,
        idempotencyKey: `receipt:${order.id}`,
      });
      return 'fulfilled';
    });
    if (outcome !== 'fulfilled' || !order) {
      this.log.debug({ eventId: event.id, orderId: event.orderId, outcome }, 'payment seen before');
      return outcome;
    }
    this.jobs.wake();
    this.viewers.forget(order.orgId, order.userId);
    this.log.info({ orderId: order.id, quantity: order.quantity }, 'order fulfilled');
    return outcome;
  }

  /**
   * One seat: the buyer joins the bundle's group. Two or more: the buyer's cohort under it (made
   * on their first such purchase, named after them), which they administer, holds the order's
   * seats as open invitations.
   */
  private async giveSeats(tx: Executor, order: Order, at: string): Promise<void> {
    const member = { orgId: order.orgId, userId: order.userId };
    if (order.quantity < 2) {
      await ensureMember(tx, { ...member, groupId: order.userGroupId });
      return;
    }
    const buyer = await findUser(tx, order.orgId, order.userId);
    const parent = await findUserGroup(tx, order.orgId, order.userGroupId);
    const name = cohortName(
      {
        company: buyer?.company ?? '',
        first: buyer?.first_name ?? '',
        last: buyer?.last_name ?? '',
        username: buyer?.username ?? '',
      },
      (parent?.name ?? order.bundleName) as string | Record<string, string>,
    );
    const cohort = await ensureCohort(tx, {
      orgId: order.orgId,
      id: newCohortId(),
      parentId: order.userGroupId,
      ownerId: order.userId,
      name,
    });
    await makeGroupAdmin(tx, { ...member, groupId: cohort.id });
    await setOrderCohort(tx, order.id, cohort.id);
    await this.invitations.openSeats(tx, {
      orgId: order.orgId,
      groupId: cohort.id,
      orderId: order.id,
      quantity: order.quantity,
      at,
    });
  }
}
