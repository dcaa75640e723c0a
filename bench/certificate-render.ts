// The certificate PDF made in process (apps/server/src/adapters/certificates/pdf.ts), with no
// HTTP or database around it: `runs` rounds of `perRun` renders one after another, half in each
// language and half with the demo organisation's logo, after a warm-up. Prints JSON.
import {
  renderCertificatePdf,
  type CertificatePdfInput,
} from '../apps/server/src/adapters/certificates/pdf';
import { demoOrganisation } from '../apps/server/src/test/certificate-sample';

const RUNS = 3;
const PER_RUN = 200;
const WARM_UP = 20;

const demo = await demoOrganisation();

const input = (n: number): CertificatePdfInput => ({
  locale: n % 2 ? 'fr-CA' : 'en-US',
  learnerName: `Zoë Ñúñez-Łukasiewicz ${n}`,
  topicName: n % 2 ? 'Les bases du budget' : 'Budgeting basics',
  organisationName: demo.name[n % 2 ? 'fr-CA' : 'en-US'],
  issuedAt: new Date(Date.UTC(2026, 10, 28) + n * 60_000).toISOString(),
  verifyUrl: `https://learn.doughmain.example/verify/${String(n).padStart(26, '0')}`,
  certificateId: String(n).padStart(26, '0'),
  theme: demo.theme,
  logo: n % 4 < 2 ? demo.logo : undefined,
});

const pick = (times: number[], q: number) =>
  Number(times[Math.floor(q * (times.length - 1))]!.toFixed(1));

let bytes = 0;
for (let n = 0; n < WARM_UP; n++) bytes = (await renderCertificatePdf(input(n))).length;
const cpuBefore = process.cpuUsage();
const rounds = [];
for (let r = 0; r < RUNS; r++) {
  const times: number[] = [];
  for (let n = 0; n < PER_RUN; n++) {
    const start = performance.now();
    await renderCertificatePdf(input(n));
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  rounds.push({ p50: pick(times, 0.5), p95: pick(times, 0.95), n: times.length });
}
// CPU time per render: what the machine's other load does not change.
const cpu = process.cpuUsage(cpuBefore);
const cpuMsPerRender = Number(((cpu.user + cpu.system) / 1000 / (RUNS * PER_RUN)).toFixed(1));
const worstP95 = Math.max(...rounds.map((r) => r.p95));
console.log(
  JSON.stringify({
    rounds,
    cpuMsPerRender,
    bytes,
    targetP95Ms: 500,
    worstP95,
    met: worstP95 < 500,
  }),
);
