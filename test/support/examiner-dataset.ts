// A small hand-built examiner dataset in PatEx form (2014–2017 columns), imported through the
// real importer. The expected figures are worked out by hand in the tests that use it.
import { Readable } from 'node:stream';
import type { Db } from '../../src/db/connect.ts';
import { importPatex } from '../../src/sources/patex/patex-importer.ts';
import { importOdpRejections } from '../../src/sources/odp-rejections/odp-rejections-importer.ts';

export interface AppSpec {
  number: string;
  /** [last, first, middle, examiner_id] as PatEx columns ('None' for missing). */
  examiner: [string, string, string, string];
  artUnit: string;
  status: number;
  statusDate: string;
  issued?: string;
  events: [string, string][];
}

const HEADER =
  'application_number,filing_date,invention_subject_matter,application_type,examiner_name_last,examiner_name_first,examiner_name_middle,examiner_id,examiner_art_unit,uspc_class,uspc_subclass,confirm_number,customer_number,atty_docket_number,appl_status_code,appl_status_date,file_location,file_location_date,earliest_pgpub_number,earliest_pgpub_date,wipo_pub_number,wipo_pub_date,patent_number,patent_issue_date,abandon_date,disposal_type,invention_title,small_entity_indicator,aia_first_to_file';

export function applicationCsv(apps: readonly AppSpec[]): string {
  const rows = apps.map((a) => {
    const [last, first, middle, id] = a.examiner;
    const patent = a.issued ? `9${a.number.slice(1)}` : 'None';
    return [
      a.number,
      '2015-01-05',
      'UTL',
      'REGULAR',
      last,
      first,
      middle,
      id,
      a.artUnit,
      '429',
      '144',
      '1234',
      '22434',
      'None',
      String(a.status),
      a.statusDate,
      'None',
      '',
      'None',
      '',
      '',
      '',
      patent,
      a.issued ?? '',
      '',
      a.issued ? 'ISS' : 'PEND',
      `TITLE ${a.number}`,
      '0',
      '1',
    ].join(',');
  });
  return `${HEADER}\n${rows.join('\n')}\n`;
}

export function transactionsCsv(apps: readonly AppSpec[]): string {
  const rows = apps.flatMap((a) => a.events.map(([code, date], i) => `${a.number},${code},${date},${i + 1},${a.status}`));
  return `application_number,event_code,recorded_date,sequence_number,status_code\n${rows.join('\n')}\n`;
}

export const csvStream = (text: string) => Readable.from([Buffer.from(text, 'utf8')]);

export async function importDataset(db: Db, apps: readonly AppSpec[]): Promise<void> {
  await importPatex(db, csvStream(applicationCsv(apps)));
  await importPatex(db, csvStream(transactionsCsv(apps)));
}

export interface RejectionSpec {
  number: string;
  documentId: string;
  code: 'CTNF' | 'CTFR';
  date: string;
  bases: ('101' | '102' | '103' | '112' | 'DP')[];
}

/** ODP OA Rejections records (sample oa-rejections-12190351.json's field names), one per line. */
export async function importRejections(db: Db, rejections: readonly RejectionSpec[]): Promise<void> {
  const lines = rejections.map((r) =>
    JSON.stringify({
      patentApplicationNumber: r.number,
      obsoleteDocumentIdentifier: r.documentId,
      legacyDocumentCodeIdentifier: r.code,
      submissionDate: `${r.date}T00:00:00`,
      hasRej101: r.bases.includes('101') ? 1 : 0,
      hasRej102: r.bases.includes('102') ? 1 : 0,
      hasRej103: r.bases.includes('103') ? 1 : 0,
      hasRej112: r.bases.includes('112') ? 1 : 0,
      hasRejDP: r.bases.includes('DP') ? 1 : 0,
    }),
  );
  await importOdpRejections(db, csvStream(`${lines.join('\n')}\n`));
}

const DOVE: [string, string, string, string] = ['DOVE', 'TRACY', 'MAE', 'None'];
const DOVE_M: [string, string, string, string] = ['DOVE', 'TRACY', 'M', '66459'];
const MARK: [string, string, string, string] = ['SMITH', 'JOHN', 'MARK', '70001'];
const MICHAEL: [string, string, string, string] = ['SMITH', 'JOHN', 'MICHAEL', '70002'];

/**
 * Examiner DOVE, TRACY MAE (art unit 1727), written "DOVE, TRACY M" with examiner_id 66459 in
 * two rows, and two SMITH, JOHN M… examiners. Expected figures: see test/examiner-profile.test.ts.
 */
export const DATASET: AppSpec[] = [
  // A1 allowed: non-final + final (each with its mail twin), interview → 2 actions, interviewed
  {
    number: '16000001',
    examiner: DOVE,
    artUnit: '1727',
    status: 150,
    statusDate: '2019-03-01',
    issued: '2019-03-05',
    events: [
      ['CTNF', '2017-01-10'],
      ['MCTNF', '2017-01-15'],
      ['A...', '2017-04-10'],
      ['CTFR', '2017-07-10'],
      ['MCTFR', '2017-07-14'],
      ['EXIN', '2017-09-01'],
      ['A.NE', '2017-09-10'],
      ['N/=.', '2018-10-01'],
      ['MN/=.', '2018-10-05'],
      ['IFEE', '2018-12-20'],
      ['PGM/', '2019-03-05'],
    ],
  },
  // A2 allowed: one non-final → 1 action
  {
    number: '16000002',
    examiner: DOVE,
    artUnit: '1727',
    status: 150,
    statusDate: '2019-06-01',
    issued: '2019-06-04',
    events: [
      ['CTNF', '2018-02-01'],
      ['MCTNF', '2018-02-06'],
      ['A...', '2018-05-01'],
      ['N/=.', '2018-12-01'],
      ['MN/=.', '2018-12-04'],
    ],
  },
  // A3 first-action allowance → 0 actions
  {
    number: '16000003',
    examiner: DOVE,
    artUnit: '1727',
    status: 150,
    statusDate: '2016-05-01',
    issued: '2016-05-03',
    events: [
      ['N/=.', '2016-01-04'],
      ['MN/=.', '2016-01-08'],
    ],
  },
  // A4 abandoned (161) after a non-final
  {
    number: '16000004',
    examiner: DOVE,
    artUnit: '1727',
    status: 161,
    statusDate: '2018-09-01',
    events: [
      ['CTNF', '2018-01-10'],
      ['MCTNF', '2018-01-12'],
      ['ABN2', '2018-09-01'],
      ['MABN2', '2018-09-05'],
    ],
  },
  // A5 abandoned (161) despite an interview
  {
    number: '16000005',
    examiner: DOVE,
    artUnit: '1727',
    status: 161,
    statusDate: '2019-11-20',
    events: [
      ['CTNF', '2018-03-10'],
      ['MCTNF', '2018-03-12'],
      ['EXIN', '2018-06-01'],
      ['A...', '2018-06-10'],
      ['CTFR', '2018-10-10'],
      ['MCTFR', '2018-10-12'],
      ['ABN2', '2019-11-20'],
    ],
  },
  // A6 164 "abandoned for failure to pay issue fee" counts as allowed, 1 action
  {
    number: '16000006',
    examiner: DOVE,
    artUnit: '1727',
    status: 164,
    statusDate: '2019-08-01',
    events: [
      ['CTNF', '2018-04-01'],
      ['MCTNF', '2018-04-04'],
      ['A...', '2018-07-01'],
      ['N/=.', '2019-01-02'],
      ['MN/=.', '2019-01-05'],
    ],
  },
  // A7 pre-examination abandonment (160): not an examination outcome
  { number: '16000007', examiner: DOVE, artUnit: '1727', status: 160, statusDate: '2016-02-01', events: [['ABN2', '2016-02-01']] },
  // A8 pending, after an RCE whose ABN9 is not an abandonment
  {
    number: '16000008',
    examiner: DOVE,
    artUnit: '1727',
    status: 41,
    statusDate: '2020-02-01',
    events: [
      ['CTNF', '2018-05-01'],
      ['MCTNF', '2018-05-03'],
      ['CTFR', '2019-01-01'],
      ['MCTFR', '2019-01-04'],
      ['RCEX', '2019-04-01'],
      ['ABN9', '2019-04-02'],
      ['CTNF', '2020-02-01'],
    ],
  },
  // A9 allowed, issue fee not yet paid (93): pending
  {
    number: '16000009',
    examiner: DOVE,
    artUnit: '1727',
    status: 93,
    statusDate: '2020-03-01',
    events: [
      ['CTNF', '2019-05-01'],
      ['MCTNF', '2019-05-04'],
      ['N/=.', '2020-03-01'],
    ],
  },
  // A10 allowed after an RCE (DOVE, TRACY M / 66459): CTNF, CTFR, CTNF → 3 actions
  {
    number: '16000010',
    examiner: DOVE_M,
    artUnit: '1727',
    status: 150,
    statusDate: '2020-01-15',
    issued: '2020-01-14',
    events: [
      ['CTNF', '2017-02-01'],
      ['MCTNF', '2017-02-03'],
      ['CTFR', '2017-08-01'],
      ['MCTFR', '2017-08-03'],
      ['RCEX', '2018-01-10'],
      ['ABN9', '2018-01-11'],
      ['CTNF', '2018-03-01'],
      ['MCTNF', '2018-03-05'],
      ['N/=.', '2019-09-01'],
      ['MN/=.', '2019-09-04'],
    ],
  },
  // A11 allowed, history with mail events only (MCTNF, MCTFR) and a telephonic interview (EXET) → 2 actions
  {
    number: '16000011',
    examiner: DOVE_M,
    artUnit: '1727',
    status: 150,
    statusDate: '2019-12-01',
    issued: '2019-12-03',
    events: [
      ['MCTNF', '2018-01-05'],
      ['MCTFR', '2018-07-05'],
      ['EXET', '2018-09-01'],
      ['MN/=.', '2019-06-01'],
    ],
  },
  // SMITH, JOHN MARK (1727): one allowed, one abandoned
  {
    number: '16000021',
    examiner: MARK,
    artUnit: '1727',
    status: 150,
    statusDate: '2019-02-01',
    issued: '2019-02-05',
    events: [
      ['CTNF', '2017-05-01'],
      ['MCTNF', '2017-05-03'],
      ['N/=.', '2018-10-01'],
    ],
  },
  {
    number: '16000022',
    examiner: MARK,
    artUnit: '1727',
    status: 161,
    statusDate: '2019-04-01',
    events: [
      ['CTNF', '2018-05-01'],
      ['MCTNF', '2018-05-03'],
      ['ABN2', '2019-04-01'],
    ],
  },
  // SMITH, JOHN MICHAEL (2100): one allowed
  { number: '16000031', examiner: MICHAEL, artUnit: '2100', status: 150, statusDate: '2019-02-01', issued: '2019-02-05', events: [['N/=.', '2018-10-01']] },
];

/** OA Rejections data: A1's two actions (103+112, then 103), A4 (102+103), A5 (101). */
export const REJECTIONS: RejectionSpec[] = [
  { number: '16000001', documentId: 'DOC-A1-1', code: 'CTNF', date: '2017-01-10', bases: ['103', '112'] },
  { number: '16000001', documentId: 'DOC-A1-1', code: 'CTNF', date: '2017-01-10', bases: ['103'] }, // a second record of the same action
  { number: '16000001', documentId: 'DOC-A1-2', code: 'CTFR', date: '2017-07-10', bases: ['103'] },
  { number: '16000004', documentId: 'DOC-A4-1', code: 'CTNF', date: '2018-01-10', bases: ['102', '103'] },
  { number: '16000005', documentId: 'DOC-A5-1', code: 'CTNF', date: '2018-03-10', bases: ['101'] },
];
