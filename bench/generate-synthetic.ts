// bench/generate-synthetic: a synthetic PatEx dataset for the examiner-profile benchmark.
//
//   node bench/generate-synthetic.ts [--apps 1000000] [--examiners 3000] [--art-units 300] [--seed 42] [--out bench/out]
//
// Writes, in the PatEx 2014–2017 column layout (uspto-data.md §2):
//   application_data.csv   one row per application (8-digit numbers, `None` for missing values)
//   transactions.csv       ~10 events per application, in date order, sorted by application
//   oa_rejections.jsonl    ODP OA Rejections records (hasRej101/102/103/112/DP) for a share of
//                          the rejections, one record per line
//   examiners.csv          each examiner's name, id, art unit and the TRUE counts the generator
//                          decided (allowed, abandoned, interviewed…), for the benchmark to check
//                          the computed profile against
//
// Realism (all seeded, deterministic): examiners sit in art units; each has an allowance
// propensity (0.35–0.92) and an interview effect (mostly positive, some negative, cf. Patent
// Bots "Should you interview your patent examiner?", uspto-data.md §4); 1–5 rejections per case;
// sequences CTNF/MCTNF → A... → CTFR/MCTFR → A.NE / RCEX+ABN9 → … → N/=. MN/=. IFEE PGM/ or ABN2
// MABN2; pre-examination abandonments (160/169), issue-fee abandonments (164), allowed-not-issued
// (93) and pending cases; some examiners written with a middle initial in part of their rows, a
// few name collisions between different examiners.
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    apps: { type: 'string', default: '1000000' },
    examiners: { type: 'string', default: '3000' },
    'art-units': { type: 'string', default: '300' },
    seed: { type: 'string', default: '42' },
    out: { type: 'string', default: 'bench/out' },
    'rejections-share': { type: 'string', default: '0.15' },
  },
});
const APPS = Number(args.apps);
const EXAMINERS = Number(args.examiners);
const ART_UNITS = Number(args['art-units']);
const REJECTIONS_SHARE = Number(args['rejections-share']);
const OUT = args.out as string;

// mulberry32: small, fast, seedable.
let state = Number(args.seed) >>> 0;
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

const LAST = [
  'SMITH',
  'JOHNSON',
  'NGUYEN',
  'GARCIA',
  'PATEL',
  'KIM',
  'CHEN',
  'MARTINEZ',
  'BROWN',
  'DAVIS',
  'LEE',
  'WILSON',
  'ANDERSON',
  'TAYLOR',
  'THOMAS',
  'MOORE',
  'JACKSON',
  'WHITE',
  'HARRIS',
  'CLARK',
  'LEWIS',
  'ROBINSON',
  'WALKER',
  'YOUNG',
  'ALLEN',
  'KING',
  'WRIGHT',
  'SCOTT',
  'TORRES',
  'HILL',
  'GREEN',
  'ADAMS',
  'BAKER',
  'NELSON',
  'CARTER',
  'MITCHELL',
  'PEREZ',
  'ROBERTS',
  'TURNER',
  'PHILLIPS',
  'CAMPBELL',
  'PARKER',
  'EVANS',
  'EDWARDS',
  'COLLINS',
  'STEWART',
  'SANCHEZ',
  'MORRIS',
  'ROGERS',
  'REED',
  'COOK',
  'MORGAN',
  'BELL',
  'MURPHY',
  'BAILEY',
  'RIVERA',
  'COOPER',
  'RICHARDSON',
  'COX',
  'HOWARD',
  "O'BRIEN",
  'VAN DYKE',
  'DOVE',
  'MATTHEWS',
  'TRAN',
  'SABOURI',
  'HUANG',
  'WANG',
  'ZHANG',
  'SINGH',
];
const FIRST = [
  'JAMES',
  'MARY',
  'JOHN',
  'PATRICIA',
  'ROBERT',
  'JENNIFER',
  'MICHAEL',
  'LINDA',
  'DAVID',
  'ELIZABETH',
  'WILLIAM',
  'BARBARA',
  'RICHARD',
  'SUSAN',
  'JOSEPH',
  'JESSICA',
  'THOMAS',
  'SARAH',
  'CHARLES',
  'KAREN',
  'CHRISTOPHER',
  'NANCY',
  'DANIEL',
  'LISA',
  'MATTHEW',
  'BETTY',
  'ANTHONY',
  'MARGARET',
  'MARK',
  'SANDRA',
  'TRACY',
  'CHRISTINE',
  'ANHTAI',
  'MAZDA',
  'WEI',
  'PRIYA',
];
const MIDDLE = ['ANN', 'MARIE', 'LEE', 'JAMES', 'LYNN', 'MAE', 'ROSE', 'ALLEN', 'RAY', 'JOSEPH', 'GRACE', 'PAUL', 'HOPKINS', 'EDWARD', 'JEAN', ''];

interface Examiner {
  id: string;
  last: string;
  first: string;
  middle: string;
  artUnit: string;
  allowP: number;
  interviewEffect: number;
  initialShare: number;
  truth: {
    allowed: number;
    abandoned: number;
    allowedInterview: number;
    abandonedInterview: number;
    actions: number;
    rces: number;
    pending: number;
    excluded: number;
  };
}

const artUnits = Array.from({ length: ART_UNITS }, (_, i) => String(1600 + Math.floor(i / 20) * 100 + (i % 20) + 10));
const examiners: Examiner[] = [];
for (let i = 0; i < EXAMINERS; i++) {
  const collision = i > 0 && random() < 0.01 ? examiners[between(0, i - 1)] : null; // same name, different examiner
  const allowP = 0.35 + random() * 0.57;
  examiners.push({
    id: String(60000 + i),
    last: collision?.last ?? pick(LAST),
    first: collision?.first ?? pick(FIRST),
    middle: collision?.middle ?? `${pick(MIDDLE)}${random() < 0.3 ? ` ${pick(MIDDLE)}`.trimEnd() : ''}`.trim(),
    artUnit: pick(artUnits),
    allowP,
    interviewEffect: random() < 0.85 ? 0.05 + random() * 0.25 : -(random() * 0.1),
    initialShare: random() < 0.2 ? 0.3 : 0,
    truth: { allowed: 0, abandoned: 0, allowedInterview: 0, abandonedInterview: 0, actions: 0, rces: 0, pending: 0, excluded: 0 },
  });
}

/** Days since 1970-01-01 → YYYY-MM-DD. */
const day = (d: number) => new Date(d * 86400000).toISOString().slice(0, 10);
const START = Date.UTC(2005, 0, 1) / 86400000;
const END = Date.UTC(2019, 11, 31) / 86400000;
const SNAPSHOT = Date.UTC(2020, 5, 30) / 86400000; // the dataset's "today"

class Out {
  private buf: string[] = [];
  private size = 0;
  private readonly stream: WriteStream;
  constructor(stream: WriteStream) {
    this.stream = stream;
  }
  async line(s: string): Promise<void> {
    this.buf.push(s);
    this.size += s.length + 1;
    if (this.size > 1 << 20) await this.flush();
  }
  async flush(): Promise<void> {
    if (this.buf.length === 0) return;
    const chunk = `${this.buf.join('\n')}\n`;
    this.buf = [];
    this.size = 0;
    if (!this.stream.write(chunk)) await new Promise<void>((r) => this.stream.once('drain', () => r()));
  }
  async close(): Promise<void> {
    await this.flush();
    await new Promise<void>((r) => this.stream.end(r));
  }
}

mkdirSync(OUT, { recursive: true });
const appsOut = new Out(createWriteStream(join(OUT, 'application_data.csv')));
const txOut = new Out(createWriteStream(join(OUT, 'transactions.csv')));
const rejOut = new Out(createWriteStream(join(OUT, 'oa_rejections.jsonl')));
await appsOut.line(
  'application_number,filing_date,invention_subject_matter,application_type,examiner_name_last,examiner_name_first,examiner_name_middle,examiner_id,examiner_art_unit,uspc_class,uspc_subclass,confirm_number,customer_number,atty_docket_number,appl_status_code,appl_status_date,file_location,file_location_date,earliest_pgpub_number,earliest_pgpub_date,wipo_pub_number,wipo_pub_date,patent_number,patent_issue_date,abandon_date,disposal_type,invention_title,small_entity_indicator,aia_first_to_file',
);
await txOut.line('application_number,event_code,recorded_date,sequence_number,status_code');

const csv = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
let events = 0;
let rejectionRecords = 0;
let patentSerial = 8000000;
const TITLES = ['SYSTEM AND METHOD FOR', 'APPARATUS FOR', 'METHOD OF MAKING', 'COMPOSITION COMPRISING', 'DEVICE, SYSTEM, AND METHOD FOR'];
const TOPICS = [
  'WIRELESS COMMUNICATION',
  'BATTERY ELECTRODES',
  'IMAGE PROCESSING',
  'DRUG DELIVERY',
  'VEHICLE CONTROL',
  'DATA STORAGE',
  'SEMICONDUCTOR PACKAGING',
];

for (let i = 0; i < APPS; i++) {
  const ex = examiners[Math.floor(random() ** 1.15 * EXAMINERS)]; // uneven dockets
  const number = String(11000000 + i * Math.max(1, Math.floor(8999999 / APPS))).padStart(8, '0');
  const filed = between(START, END);
  const tx: [string, number][] = [
    ['IEXX', filed],
    ['DOCK', filed + between(20, 90)],
  ];
  let t = filed + between(200, 700); // first action pendency
  let status = 0;
  let statusDate = filed;
  let patent = 'None';
  let issued = 'None';
  let disposal = 'PEND';
  const interview = random() < 0.22;
  const outcomeRoll = random();

  if (random() < 0.02) {
    status = random() < 0.5 ? 160 : 169; // pre-examination abandonment: no actions at all
    statusDate = filed + between(100, 300);
    tx.push(['ABN2', statusDate]);
    disposal = 'ABN';
    ex.truth.excluded += 1;
  } else {
    const allowed = outcomeRoll < Math.min(0.98, Math.max(0.02, ex.allowP + (interview ? ex.interviewEffect : 0)));
    const actions = allowed ? between(0, 3) + (random() < 0.3 ? 1 : 0) : between(1, 4);
    let interviewDone = !interview;
    // Applicant-initiated interviews are recorded as EXIN (PTOL-413) or EXIA; examiners' own calls
    // (EXET, below) must not count toward interview success (docs/decisions/examiner-profile.md).
    const interviewCode = random() < 0.5 ? 'EXIN' : 'EXIA';
    let rces = 0;
    for (let a = 0; a < actions; a++) {
      const final = a % 2 === 1;
      const code = final ? 'CTFR' : 'CTNF';
      tx.push([code, t], [`M${code}`, t + between(3, 9)]);
      if (random() < REJECTIONS_SHARE) {
        const flags = {
          hasRej101: random() < 0.12 ? 1 : 0,
          hasRej102: random() < 0.35 ? 1 : 0,
          hasRej103: random() < 0.8 ? 1 : 0,
          hasRej112: random() < 0.45 ? 1 : 0,
          hasRejDP: random() < 0.08 ? 1 : 0,
        };
        await rejOut.line(
          JSON.stringify({
            patentApplicationNumber: number,
            obsoleteDocumentIdentifier: `SYN${number}${a}`,
            legacyDocumentCodeIdentifier: code,
            submissionDate: `${day(t)}T00:00:00`,
            groupArtUnitNumber: ex.artUnit,
            ...flags,
          }),
        );
        rejectionRecords += 1;
      }
      const reply = t + between(60, 180);
      if (!interviewDone && random() < 0.6) {
        tx.push([interviewCode, reply - between(5, 30)]);
        interviewDone = true;
      }
      const isLastAndAbandoned = !allowed && a === actions - 1;
      if (isLastAndAbandoned) break;
      if (final && random() < 0.5) {
        tx.push(['RCEX', reply], ['ABN9', reply + between(1, 10)]); // RCE: a disposal that is NOT an abandonment
        rces += 1;
      } else {
        tx.push([final ? 'A.NE' : 'A...', reply]);
      }
      t = reply + between(60, 240);
    }
    if (!interviewDone) tx.push([interviewCode, t - between(5, 30)]);
    if (allowed) {
      // The examiner's own pre-allowance call (examiner's amendment by telephone) in a third of allowances.
      if (random() < 0.33) tx.push(['EXET', t - between(0, 3)]);
      tx.push(['N/=.', t], ['MN/=.', t + between(3, 9)]);
      const issueFee = t + between(60, 90);
      if (issueFee + 60 > SNAPSHOT) {
        status = 93; // allowed, not yet issued: pending
        statusDate = t;
        ex.truth.pending += 1;
      } else if (random() < 0.01) {
        status = 164; // abandoned for failure to pay the issue fee: counts as allowed
        statusDate = t + 120;
        tx.push(['ABN3', statusDate]);
        disposal = 'ABN';
        ex.truth.allowed += 1;
        if (interview) ex.truth.allowedInterview += 1;
        ex.truth.actions += actions;
        ex.truth.rces += rces;
      } else {
        tx.push(['IFEE', issueFee], ['PGM/', issueFee + 50]);
        status = 150;
        statusDate = issueFee + 50;
        patent = String(patentSerial++);
        issued = day(issueFee + 50);
        disposal = 'ISS';
        ex.truth.allowed += 1;
        if (interview) ex.truth.allowedInterview += 1;
        ex.truth.actions += actions;
        ex.truth.rces += rces;
      }
    } else {
      const abandonedAt = t + between(190, 200);
      if (abandonedAt > SNAPSHOT) {
        status = 41; // still waiting for the reply: pending
        statusDate = t;
        ex.truth.pending += 1;
      } else {
        tx.push(['ABN2', abandonedAt], ['MABN2', abandonedAt + between(3, 9)]);
        status = 161;
        statusDate = abandonedAt;
        disposal = 'ABN';
        ex.truth.abandoned += 1;
        if (interview) ex.truth.abandonedInterview += 1;
      }
    }
  }

  const middle = ex.middle === '' ? 'None' : random() < ex.initialShare ? ex.middle[0] : ex.middle;
  const title = `${pick(TITLES)} ${pick(TOPICS)}`;
  await appsOut.line(
    [
      number,
      day(filed),
      'UTL',
      'REGULAR',
      csv(ex.last),
      ex.first,
      middle,
      ex.id,
      ex.artUnit,
      '438',
      '725000',
      String(between(1000, 9999)),
      String(between(10000, 99999)),
      'None',
      String(status),
      day(statusDate),
      'None',
      '',
      'None',
      '',
      '',
      '',
      patent,
      issued,
      disposal === 'ABN' ? day(statusDate) : '',
      disposal,
      csv(title),
      random() < 0.3 ? '1' : '0',
      filed > Date.UTC(2013, 2, 16) / 86400000 ? '1' : '0',
    ].join(','),
  );
  tx.sort((a, b) => a[1] - b[1]);
  let seq = 0;
  for (const [code, d] of tx) {
    if (d > SNAPSHOT) continue;
    await txOut.line(`${number},${code},${day(d)},${++seq},${status}`);
    events += 1;
  }
  if ((i + 1) % 100000 === 0) process.stderr.write(`${i + 1} applications, ${events} events\n`);
}
await appsOut.close();
await txOut.close();
await rejOut.close();

const exOut = new Out(createWriteStream(join(OUT, 'examiners.csv')));
await exOut.line('examiner_id,name,art_unit,allowed,abandoned,allowed_interview,abandoned_interview,actions,pending,excluded,rces');
for (const e of examiners) {
  const name = `${e.last}, ${e.first}${e.middle ? ` ${e.middle}` : ''}`;
  const t = e.truth;
  await exOut.line(
    [e.id, csv(name), e.artUnit, t.allowed, t.abandoned, t.allowedInterview, t.abandonedInterview, t.actions, t.pending, t.excluded, t.rces].join(','),
  );
}
await exOut.close();
process.stdout.write(
  `${JSON.stringify({ applications: APPS, events, examiners: EXAMINERS, art_units: ART_UNITS, rejection_records: rejectionRecords, out: OUT })}\n`,
);
