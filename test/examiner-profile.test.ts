import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/connect.ts';
import { examinerProfile, type ExaminerProfile } from '../src/queries/examiner-profile.ts';
import { refreshExaminerStats } from '../src/sources/examiner-stats/refresh.ts';
import { recordAnalysisBases } from '../src/commands/analysis-bases-recorder.ts';
import { importPatex } from '../src/sources/patex/patex-importer.ts';
import { createTestDatabase } from './support/db.ts';
import { applicationCsv, csvStream, DATASET, importDataset, importRejections, REJECTIONS, transactionsCsv } from './support/examiner-dataset.ts';

let database: Database;
let db: Db;

async function account(id: string): Promise<string> {
  await db
    .insertInto('accounts')
    .values({ id, email: `${id}@firm.example`, email_normalized: `${id}@firm.example`, password_hash: null, display_name: null })
    .execute();
  return id;
}

async function found(name: string, opts: Parameters<typeof examinerProfile>[2] = {}): Promise<ExaminerProfile> {
  const result = await examinerProfile(db, name, opts);
  if (result.status !== 'found') throw new Error(`${name}: ${result.status}`);
  return result.profile;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await importDataset(db, DATASET);
  await importRejections(db, REJECTIONS);
  await refreshExaminerStats(db);
});
afterAll(async () => {
  await database?.close();
});

describe('examiner profile figures (hand-computed from test/support/examiner-dataset.ts)', () => {
  it('DOVE, TRACY MAE: allowance, actions, interviews, bases, window', async () => {
    const p = await found('DOVE, TRACY MAE');
    // Disposed: allowed A1 A2 A3 A6(164) A10 A11 = 6; abandoned A4 A5 = 2. Not counted: A7 (160,
    // pre-exam), A8 (pending after an RCE: ABN9 is no abandonment), A9 (93, not issued yet).
    expect(p.totalCasesAnalyzed).toBe(8);
    expect(p.allowedCases).toBe(6);
    expect(p.abandonedCases).toBe(2);
    expect(p.allowanceRate).toBe(0.75); // 6 / 8
    // Rejections before allowance: A1 2, A2 1, A3 0, A6 1, A10 3, A11 2 (mail events only) = 9; MCTNF twins not double counted.
    expect(p.avgActionsToAllowance).toBe(1.5); // 9 / 6
    // RCEs before allowance: A10's one RCE (RCEX + ABN9) over 6 allowed.
    expect(p.avgRcesToAllowance).toBe(0.17);
    // Applicant-initiated interviews: A1 (allowed, EXIN), A5 (abandoned, EXIN). A11's EXET is the
    // examiner's own telephone call before allowance: not an interview the applicant asked for.
    expect(p.interviewedCases).toBe(2);
    expect(p.notInterviewedCases).toBe(6);
    // 2 and 6 are below the minimum of 10 each: no rates (it used to read 0.6667), but the reason.
    expect(p.interviewSuccessRate).toBeNull();
    expect(p.allowanceRateWithoutInterview).toBeNull();
    expect(p.interviewLift).toBeNull();
    expect(p.interviewRatesReason).toMatch(
      /^insufficient_sample: 2 disposed application\(s\) with an applicant-initiated interview and 6 without one; at least 10/,
    );
    expect(p.pendingCases).toBe(2); // A8, A9
    expect(p.excludedCases).toBe(1); // A7
    // OA Rejections: A1 action 1 (103, 112; two records of one action), A1 action 2 (103), A4 (102, 103), A5 (101).
    expect(p.topRejectionBases).toEqual(['103', '102', '112', '101']);
    expect(p.rejectionBasisCounts).toEqual([
      { basis: '103', count: 3 },
      { basis: '102', count: 1 },
      { basis: '112', count: 1 },
      { basis: '101', count: 1 },
    ]);
    expect(p.rejectionActions).toBe(4);
    expect(p.window).toEqual({ from: '2016-05-03', to: '2020-01-14' }); // A3's grant … A10's grant
    expect(p).toMatchObject({ examinerName: 'DOVE, TRACY MAE', examinerId: '66459', artUnit: '1727', artUnits: ['1727'], statsCurrent: true });
    expect(p.sampleSizeWarning).toMatch(/Only 8 disposed/);
    expect(new Date(p.asOf as string).getTime()).toBeGreaterThan(Date.now() - 600_000);
  });

  it("the art unit's figures sit beside the examiner's", async () => {
    const { artUnitStats: au } = await found('DOVE, TRACY MAE');
    // 1727 = DOVE (6 allowed, 2 abandoned) + SMITH, JOHN MARK (1 allowed, 1 abandoned).
    expect(au).toMatchObject({
      artUnit: '1727',
      examiners: 2,
      totalCasesAnalyzed: 10,
      allowanceRate: 0.7,
      avgActionsToAllowance: 1.43, // (9 + 1) / 7
      avgRcesToAllowance: 0.14, // 1 / 7
      interviewedCases: 2, // A1, A5 (A11's EXET is the examiner's call)
      interviewSuccessRate: null,
      allowanceRateWithoutInterview: null,
      interviewRatesReason: expect.stringMatching(/^insufficient_sample: 2 .* and 8 without one/),
      pendingCases: 2,
      topRejectionBases: ['103', '102', '112', '101'],
    });
  });

  it('a disposal-year window narrows the disposed cases and the data window', async () => {
    const p = await found('DOVE, TRACY MAE', { fromYear: 2019, toYear: 2019 });
    // Disposed in 2019: A1 A2 A6 A11 allowed, A5 abandoned.
    expect(p).toMatchObject({ totalCasesAnalyzed: 5, allowedCases: 4, allowanceRate: 0.8, window: { from: '2019-03-05', to: '2019-12-03' }, pendingCases: 2 });
  });
});

describe('name matching', () => {
  it.each(['DOVE, TRACY MAE', 'DOVE, TRACY M', 'dove tracy mae', 'Dove,Tracy M.', '  DOVE ,  TRACY  ', 'DOVE,+TRACY+MAE'])(
    '%s is DOVE, TRACY MAE',
    async (name) => {
      const p = await found(name);
      expect(p.examinerName).toBe('DOVE, TRACY MAE');
      expect(p.totalCasesAnalyzed).toBe(8);
    },
  );

  it('a middle initial that fits two examiners is ambiguous and lists both', async () => {
    const result = await examinerProfile(db, 'SMITH, JOHN M');
    expect(result.status).toBe('ambiguous');
    if (result.status !== 'ambiguous') return;
    expect(result.candidates).toEqual([
      { examinerName: 'SMITH, JOHN MARK', examinerId: '70001', artUnit: '1727', totalCasesAnalyzed: 2, pendingCases: 0 },
      { examinerName: 'SMITH, JOHN MICHAEL', examinerId: '70002', artUnit: '2100', totalCasesAnalyzed: 1, pendingCases: 0 },
    ]);
  });

  it('the full middle name, the art unit or the examiner id settles it', async () => {
    expect((await found('SMITH, JOHN MICHAEL')).examinerName).toBe('SMITH, JOHN MICHAEL');
    expect((await found('SMITH, JOHN M', { artUnit: '2100' })).examinerName).toBe('SMITH, JOHN MICHAEL');
    expect((await found('smith john', { examinerId: '70001' })).examinerName).toBe('SMITH, JOHN MARK');
  });

  it.each(['DOVE, TRACY J', 'NOBODY, JANE', 'TRACY', ''])('%j is not found', async (name) => {
    expect((await examinerProfile(db, name)).status).toBe('not_found');
  });
});

describe('tenant isolation', () => {
  it("an account's own analyses count for that account only; imported actions are not counted twice", async () => {
    const a = await account('tenant-a');
    const b = await account('tenant-b');
    // A2's non-final (no OA Rejections data on file): counts for tenant A.
    expect(
      await recordAnalysisBases(db, {
        accountId: a,
        applicationNumber: '16/000,002',
        bases: ['35 U.S.C. 112(b)', '103', 'not a basis'],
        mailingDate: '2018-02-01',
      }),
    ).toEqual({ recorded: ['103', '112(b)'], skipped: null });
    // Recorded again (a re-analysis): replaces, does not add.
    await recordAnalysisBases(db, { accountId: a, applicationNumber: '16000002', bases: ['112(b)', '103'], mailingDate: '2018-02-01' });
    // A1's non-final is already in the OA Rejections data: not counted again.
    await recordAnalysisBases(db, { accountId: a, applicationNumber: '16000001', bases: ['103', '102'], mailingDate: '2017-01-10' });
    // Another examiner's action with a similar name: not DOVE, TRACY MAE.
    await recordAnalysisBases(db, { accountId: a, examinerName: 'DOVE, TRACY J', bases: ['101'], analysisId: 'x1' });

    const forA = await found('DOVE, TRACY MAE', { accountId: a });
    expect(forA.rejectionBasisCounts).toEqual([
      { basis: '103', count: 4 },
      { basis: '102', count: 1 },
      { basis: '112', count: 1 },
      { basis: '112(b)', count: 1 },
      { basis: '101', count: 1 },
    ]);
    expect(forA.topRejectionBases).toEqual(['103', '102', '112', '112(b)', '101']);
    expect(forA.analysisBases).toBe(2);

    const forB = await found('DOVE, TRACY MAE', { accountId: b });
    expect(forB.topRejectionBases).toEqual(['103', '102', '112', '101']);
    expect(forB.analysisBases).toBe(0);
    expect(await found('DOVE, TRACY MAE')).toMatchObject({ analysisBases: 0, topRejectionBases: ['103', '102', '112', '101'] });
  });

  it("another account's private application does not move the figures", async () => {
    const b = await account('tenant-c');
    const before = await found('DOVE, TRACY MAE', { accountId: b });
    await db
      .insertInto('applications')
      .values({
        id: 'private-dove',
        application_number: '16000001',
        owner_account_id: b,
        invention_title: 'OWN COPY',
        status: 'abandoned',
        status_code: 161,
        examiner_name: 'DOVE, TRACY MAE',
        art_unit: '1727',
        source: 'user',
      })
      .execute();
    await db.insertInto('prosecution_events').values({ application_id: 'private-dove', event_code: 'ABN2', event_date: '2020-01-01' }).execute();
    const after = await found('DOVE, TRACY MAE', { accountId: b });
    expect({ ...after, asOf: null }).toEqual({ ...before, asOf: null });
    expect(await recordAnalysisBases(db, { accountId: 'tenant-a', applicationId: 'private-dove', bases: ['103'] })).toEqual({
      recorded: [],
      skipped: 'no_examiner',
    });
  });
});

describe('incremental refresh', () => {
  it('an identical re-import leaves nothing to refresh', async () => {
    await refreshExaminerStats(db);
    await importDataset(db, DATASET);
    await importRejections(db, REJECTIONS);
    expect(await refreshExaminerStats(db)).toMatchObject({ applications: 0, examiners: 0 });
  });

  it('a changed application is refreshed alone, and the figures follow', async () => {
    // A4 turns out allowed after all (revived, allowed, issued).
    const a4 = { ...DATASET.find((a) => a.number === '16000004')!, status: 150, statusDate: '2020-05-01', issued: '2020-05-05' };
    await importPatex(db, csvStream(applicationCsv([a4])));
    await importPatex(
      db,
      csvStream(
        transactionsCsv([
          {
            ...a4,
            events: [
              ['PREV', '2019-10-01'],
              ['N/=.', '2020-01-10'],
              ['MN/=.', '2020-01-14'],
            ],
          },
        ]),
      ),
    );
    const refreshed = await refreshExaminerStats(db);
    expect(refreshed).toMatchObject({ applications: 1, examiners: 1 });
    const p = await found('DOVE, TRACY MAE');
    // allowed 7 of 8; A4 adds 1 rejection before its allowance: 10 / 7.
    expect(p).toMatchObject({
      allowedCases: 7,
      abandonedCases: 1,
      allowanceRate: 0.875,
      avgActionsToAllowance: 1.43,
      window: { from: '2016-05-03', to: '2020-05-05' },
    });
  });

  it('an examiner change moves the case from one examiner to the other', async () => {
    const moved = { ...DATASET.find((a) => a.number === '16000003')!, examiner: ['SMITH', 'JOHN', 'MARK', '70001'] as [string, string, string, string] };
    await importPatex(db, csvStream(applicationCsv([moved])));
    expect(await refreshExaminerStats(db)).toMatchObject({ applications: 1, examiners: 2 });
    expect((await found('DOVE, TRACY MAE')).totalCasesAnalyzed).toBe(7);
    expect((await found('SMITH, JOHN MARK')).totalCasesAnalyzed).toBe(3);
  });

  it('the profile query folds in a small backlog by itself', async () => {
    await db
      .updateTable('applications')
      .set({ status: 'abandoned', status_code: 161, patent_number: null, grant_date: null, status_date: '2020-06-01' })
      .where('application_number', '=', '16000031')
      .execute();
    const p = await found('SMITH, JOHN MICHAEL');
    expect(p).toMatchObject({
      allowedCases: 0,
      abandonedCases: 1,
      allowanceRate: 0,
      avgActionsToAllowance: null,
      interviewSuccessRate: null,
      statsCurrent: true,
    });
  });

  it('deleting an application takes it out', async () => {
    await db.deleteFrom('applications').where('application_number', '=', '16000031').where('owner_account_id', 'is', null).execute();
    const p = await found('SMITH, JOHN MICHAEL', { refresh: true }).catch(() => null);
    expect(p).toBeNull(); // no application left: the examiner is unknown
  });
});
