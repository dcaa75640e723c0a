// A generated organisation for the benchmarks: 10,000 topics of made-up but searchable text,
// and one topic with 200 scored fields.
const FINANCE = (
  'budget saving income expense credit debt interest loan mortgage invoice payment cash flow forecast ' +
  'pricing margin markup profit revenue tax deduction receipt payroll pension retirement investment ' +
  'portfolio dividend bond stock fund index inflation insurance premium claim policy risk return ' +
  'compound annual monthly weekly goal plan review report balance asset liability equity ' +
  'capital growth market customer supplier inventory order shipping contract negotiation salary bonus ' +
  'benefit vacation commute rent utility grocery transport childcare education tuition scholarship grant'
).split(' ');
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'tu',
  'sa',
  'vel',
  'no',
  'pri',
  'dal',
  'ex',
  'or',
  'qui',
  'ban',
  'fe',
  'zo',
  'lin',
  'mar',
  'cet',
  'ul',
];

/**
 * A vocabulary of 3,000 words whose frequencies follow Zipf's law, as words of real text do.
 * The most frequent ranks (the, of, and… in real text) are left out, as search leaves out stop
 * words: otherwise every topic would hold every searched word, which no real corpus does.
 */
const WORDS = [...FINANCE];
for (let i = 0; WORDS.length < 3_000; i++)
  WORDS.push(
    SYLLABLES[i % 20] + SYLLABLES[Math.floor(i / 20) % 20] + SYLLABLES[Math.floor(i / 400) % 20],
  );
const STOP_RANKS = 50;
const weights = WORDS.map((_, i) => 1 / (i + 1 + STOP_RANKS) ** 1.07);
const cumulative = [];
weights.reduce((sum, w, i) => (cumulative[i] = sum + w), 0);
const totalWeight = cumulative.at(-1);

/** mulberry32: a small seeded generator, so every run generates the same corpus. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function words(seed, n) {
  const next = random(seed + 1);
  const out = [];
  for (let i = 0; i < n; i++) {
    const r = next() * totalWeight;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    out.push(WORDS[lo]);
  }
  return out.join(' ');
}

/** Search queries: one or two words drawn as learners would type them (the same law). */
export function searchQueries(count) {
  return Array.from({ length: count }, (_, i) => words(1_000_000 + i, i % 3 === 0 ? 2 : 1));
}

export const GRADE_TOPIC = 'grading-200';
export const GRADE_FIELDS = 200;

export function benchPack(topicCount = 10_000) {
  const topics = Array.from({ length: topicCount }, (_, i) => ({
    _id: `t${i}`,
    name: words(i, 3),
    description: `<p>${words(i + 1, 12)}</p>`,
    pages: [0, 1].map((p) => ({
      _id: `t${i}-p${p}`,
      name: words(i * 3 + p, 2),
      fragments: [
        { _id: `t${i}-p${p}-c`, type: 'content', content: `<p>${words(i * 7 + p, 40)}</p>` },
      ],
    })),
  }));
  topics.push({
    _id: GRADE_TOPIC,
    name: 'Two hundred questions',
    showGradeReport: true,
    pages: Array.from({ length: 10 }, (_, p) => ({
      _id: `g-p${p}`,
      name: `Page ${p}`,
      fragments: Array.from({ length: GRADE_FIELDS / 10 }, (_, f) => {
        const id = `g-${p}-${f}`;
        const kind = f % 4;
        const field =
          kind === 0
            ? { _id: id, name: id, type: 'number', scoreWeight: 1, correctValue: f, tolerance: 0.5 }
            : kind === 1
              ? { _id: id, name: id, type: 'boolean', scoreWeight: 2, correctValue: true }
              : kind === 2
                ? {
                    _id: id,
                    name: id,
                    type: 'radio',
                    pickList: [
                      { _id: 'a', value: 'a', label: 'A' },
                      { _id: 'b', value: 'b', label: 'B' },
                    ],
                    scoreWeight: 1,
                    correctValue: 'b',
                  }
                : {
                    _id: id,
                    name: id,
                    type: 'string',
                    scoreWeight: 3,
                    correctValue: ['alpha', 'beta', 'gamma'],
                  };
        return { _id: `frag-${id}`, type: 'field', field };
      }),
    })),
  });
  return {
    format: 'portal-content-pack/1',
    organisation: {
      alias: 'benchorg',
      name: 'Bench',
      locales: ['en-US'],
      theme: {
        primaryColor: '#1a4d8f',
        secondaryColor: '#f2a900',
        tertiaryColor: '#2e7d32',
        primaryBackgroundColor: '#ffffff',
        secondaryBackgroundColor: '#f4f6fa',
        tertiaryBackgroundColor: '#e8eef7',
      },
      homePage: { title: 'Bench' },
    },
    topics,
  };
}

/** Answers for the grading topic: about half right. */
export function gradeAnswers() {
  const data = {};
  for (let p = 0; p < 10; p++)
    for (let f = 0; f < GRADE_FIELDS / 10; f++) {
      const kind = f % 4;
      data[`g-${p}-${f}`] =
        kind === 0 ? f + (p % 2) : kind === 1 ? p % 2 === 0 : kind === 2 ? 'b' : 'Beta ';
    }
  return data;
}
