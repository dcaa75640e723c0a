import { quantile } from './burst.mjs';
import { PEOPLE_ORG } from './people.mjs';

/** Certificates of the bench's people, straight into the database (as their issue would). */
export async function seedCertificates(run, placeholder) {
  const [{ id: orgId }] = await run(
    `select id from organisations where alias = ${placeholder(1)}`,
    [PEOPLE_ORG],
  );
  const ids = [];
  for (let n = 0; n < 20; n++) {
    const id = `bench${String(n).padStart(21, '0')}`;
    ids.push(id);
    const values = [
      id,
      orgId,
      `bench-person-${n}`,
      'bench-topic',
      `Benchmark Learner ${n} Ñúñez`,
      JSON.stringify({ 'en-US': 'Budgeting basics', 'fr-CA': 'Le budget' }),
      JSON.stringify({ 'en-US': 'People Org', 'fr-CA': 'Organisation' }),
      n % 2 ? 'fr-CA' : 'en-US',
      new Date().toISOString(),
    ];
    await run(
      `insert into certificates (id, org_id, user_id, topic_id, learner_name, topic_name, organisation_name, locale, issued_at) values (${values.map((_, i) => placeholder(i + 1)).join(', ')})`,
      values,
    );
  }
  return { certificates: ids.length, ids };
}

/**
 * The certificate PDF as a learner downloads it: `runs` rounds of `perRun` requests, 4 at a time
 * (a PDF is made on each request), p50 and p95 of each round.
 */
export async function timeCertificatePdf(url, ids, { runs = 3, perRun = 200 } = {}) {
  const rounds = [];
  for (let r = 0; r < runs; r++) {
    const times = [];
    let next = 0;
    const worker = async () => {
      while (next < perRun) {
        const id = ids[next++ % ids.length];
        const started = performance.now();
        const res = await fetch(`${url}/api/verify/${id}/pdf`);
        const body = await res.arrayBuffer();
        if (res.status !== 200 || body.byteLength < 1000)
          throw new Error(`certificate PDF answered ${res.status}`);
        times.push(performance.now() - started);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    times.sort((a, b) => a - b);
    rounds.push({ p50: quantile(times, 0.5), p95: quantile(times, 0.95), n: times.length });
  }
  return { rounds, targetP95Ms: 500 };
}
