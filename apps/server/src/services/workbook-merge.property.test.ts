import {
  emptyWorkbook,
  setFieldValue,
  type Sheet,
  type Workbook,
  type WorkbookConflict,
} from '@portal/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { signup } from '../test/auth-helpers';
import { DATABASE_KINDS } from '../test/databases';
import { makePack, mustImport } from '../test/factories';
import { WorkbookService } from './workbooks';

/**
 * Design §8, as a property: three clients whose clocks are up to a day apart edit one learner's
 * workbook at random, offline for a while or not, and save it back whole, as a client that
 * follows the spec does (every field time it was given sent back) or as the web app does (its
 * edits stamped in the server's time, learned from the answers' `serverTime`). After every
 * acknowledged save:
 *
 * 1. every value the save changed is stored, or the answer names the newer edit that won
 *    (`conflicts`, with the time of the kept edit);
 * 2. no edit replaces a newer one (in the server's time; an edit its client gave no time of its
 *    own counts as made when it is saved);
 * 3. an edit that lost, lost to one made later than the loser (a web-app edit), or saved after
 *    the save's client last read the field (a spec client's edit: it could not have seen it).
 *
 * The server's clock is simulated (moved on by each step), so that "newer" is exact.
 */

const LIMITS = { maxTopicWorksheets: 3 };
const DAY = 86_400_000;
const TOPIC = 'budgeting';
type Place = { sheet: 'general' | 'worksheet'; field: string };
const PLACES: Place[] = [
  { sheet: 'general', field: 'a' },
  { sheet: 'general', field: 'b' },
  { sheet: 'worksheet', field: 'q-income' },
  { sheet: 'worksheet', field: 'rent' },
];

type Step =
  | { kind: 'edit'; client: number; place: number; advance: number }
  | { kind: 'save'; client: number; advance: number }
  | { kind: 'read'; client: number; advance: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      client: fc.integer({ min: 0, max: 2 }),
      place: fc.integer({ min: 0, max: PLACES.length - 1 }),
      advance: fc.integer({ min: 1, max: 120_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('save' as const),
      client: fc.integer({ min: 0, max: 2 }),
      advance: fc.integer({ min: 1, max: 120_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('read' as const),
      client: fc.integer({ min: 0, max: 2 }),
      advance: fc.integer({ min: 1, max: 120_000 }),
    }),
  },
);

const clientArb = fc.record({
  skew: fc.integer({ min: -DAY, max: DAY }),
  stampsEdits: fc.boolean(),
});

interface Edit {
  /** The server's time when the edit was made, and when the save that stored it was. */
  madeAt: number;
  savedAt?: number;
  client: number;
  /** Stamped by its client (the web app's way), or left without a time of its own (the spec's). */
  stamped: boolean;
}

/**
 * When an edit counts as made (design §8): a stamped one when it was made; one its client gave
 * no time of its own is as new as the save that stored it.
 */
const timeOfEdit = (edit: Edit) => (edit.stamped ? edit.madeAt : edit.savedAt!);

interface Client {
  skew: number;
  /** The web app's way: edits stamped in the server's time; else the spec's: times sent back. */
  stampsEdits: boolean;
  /** Its estimate of the server's clock minus its own. */
  offset: number;
  copy: Workbook;
  /** When (server time) it last received each place's value. */
  readAt: Map<string, number>;
}

const keyOf = (place: Place) => `${place.sheet}:${place.field}`;

function sheetOf(workbook: Workbook, place: Place): Sheet | undefined {
  return place.sheet === 'general' ? workbook.general : workbook.topics[TOPIC]?.[0];
}

describe.each(DATABASE_KINDS)('the workbook merge with three clients on %s', (kind) => {
  let t: TestApp;
  let orgId: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, makePack('doughmain'));
    orgId = (await t.organisations.find('doughmain'))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  async function learnerId(): Promise<string> {
    const { body } = await signup(t.app, 'doughmain');
    const row = await t.database.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username', '=', String(body.username))
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('stores every change or names the newer edit that won; no clock makes an older edit win', async () => {
    let saves = 0;
    let lost = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(clientArb, clientArb, clientArb),
        fc.array(stepArb, { minLength: 5, maxLength: 40 }),
        async (clientSpecs, steps) => {
          let now = Date.parse('2026-06-01T00:00:00.000Z');
          const server = new WorkbookService(t.database.db, () => new Date(now));
          const userId = await learnerId();
          const edits = new Map<string, Edit>();
          let counter = 0;

          // The first worksheet, as the spec's client makes it (no id: the server gives one).
          await server.save(
            orgId,
            userId,
            {
              ...emptyWorkbook(),
              topics: { [TOPIC]: [{ name: 'Plan', data: {}, fieldTimes: {}, completedPages: [] }] },
            } as unknown as Workbook,
            LIMITS,
          );
          const answerOf = (json: string) =>
            JSON.parse(json).workbook as {
              workbook: Workbook;
              serverTime: string;
              conflicts?: WorkbookConflict[];
            };
          let stored = answerOf(await server.getJson(orgId, userId)).workbook;
          const receive = (client: Client, answer: { workbook: Workbook; serverTime: string }) => {
            client.copy = structuredClone(answer.workbook);
            client.offset = Date.parse(answer.serverTime) - (now + client.skew);
            for (const place of PLACES) client.readAt.set(keyOf(place), now);
          };
          const clients: Client[] = clientSpecs.map((spec) => ({
            ...spec,
            offset: 0,
            copy: emptyWorkbook(),
            readAt: new Map(),
          }));
          for (const client of clients)
            receive(client, answerOf(await server.getJson(orgId, userId)));

          for (const step of steps) {
            now += step.advance;
            const client = clients[step.client]!;
            const clientClock = now + client.skew;
            if (step.kind === 'read') {
              receive(client, answerOf(await server.getJson(orgId, userId)));
              continue;
            }
            if (step.kind === 'edit') {
              const place = PLACES[step.place]!;
              const value = `v${++counter}`;
              edits.set(value, { madeAt: now, client: step.client, stamped: client.stampsEdits });
              const sheet = sheetOf(client.copy, place)!;
              let next: Sheet;
              if (client.stampsEdits) {
                next = setFieldValue(
                  sheet,
                  place.field,
                  value,
                  new Date(clientClock + client.offset).toISOString(),
                );
              } else {
                // The spec's client: the value and the sheet's updatedAt (its own clock);
                // every field time stays as it was given.
                next = {
                  ...sheet,
                  data: { ...sheet.data, [place.field]: value },
                  updatedAt: new Date(clientClock).toISOString(),
                };
              }
              if (place.sheet === 'general') client.copy.general = next;
              else client.copy.topics[TOPIC]![0] = next as Workbook['topics'][string][number];
              continue;
            }

            // A save of the whole workbook, acknowledged.
            const body = structuredClone(client.copy);
            const before = stored;
            const saved = await server.save(orgId, userId, body, LIMITS);
            saves++;
            const answer = answerOf(saved.json);
            stored = answer.workbook;
            const conflicts = answer.conflicts ?? [];
            lost += conflicts.length;
            for (const place of PLACES) {
              const sent = sheetOf(body, place)?.data[place.field];
              const had = sheetOf(before, place)?.data[place.field];
              const now_ = sheetOf(stored, place)?.data[place.field];
              const keptTime = sheetOf(stored, place)?.fieldTimes[place.field];
              if (sent !== undefined && sent !== had) {
                if (now_ === sent) {
                  // 2. It replaced an older edit, never a newer one.
                  const edit = edits.get(sent as string)!;
                  edit.savedAt ??= now;
                  if (had !== undefined)
                    expect(timeOfEdit(edit)).toBeGreaterThan(timeOfEdit(edits.get(had as string)!));
                } else {
                  // 1. The answer names the newer edit that won, and when it was made.
                  const conflict = conflicts.find(
                    (c) =>
                      c.field === place.field &&
                      c.topicId === (place.sheet === 'general' ? null : TOPIC),
                  );
                  expect(conflict, `${keyOf(place)}: ${String(sent)} lost unnamed`).toBeDefined();
                  expect(conflict!.kept).toBe(keptTime);
                  // A time it gave is older; no time: it read the workbook before that edit.
                  if (conflict!.yours !== null) expect(conflict!.kept > conflict!.yours).toBe(true);
                  expect(now_).toBe(had);
                  // 3. The kept edit is newer than the lost one, or than what its client saw.
                  const kept = edits.get(had as string)!;
                  const loser = edits.get(sent as string);
                  if (client.stampsEdits && loser && loser.client === step.client)
                    expect(timeOfEdit(kept)).toBeGreaterThan(loser.madeAt);
                  else expect(kept.savedAt!).toBeGreaterThan(client.readAt.get(keyOf(place))!);
                }
              } else {
                expect(now_).toBe(had);
              }
            }
            receive(client, answer);
          }
        },
      ),
      { numRuns: 60 },
    );
    // The runs met both outcomes: changes stored, and changes that lost to newer ones.
    expect(saves).toBeGreaterThan(100);
    expect(lost).toBeGreaterThan(0);
  }, 120_000);
});
