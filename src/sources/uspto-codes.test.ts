import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { actionKindForDocumentCode, classifyEvent, interfaceTypeForDocumentCode, prosaStateForStatus, statusDescription } from './uspto-codes.ts';
import statusCodeFile from './uspto-status-codes.json' with { type: 'json' };

describe('prosaStateForStatus', () => {
  it('patented: 150, 151, 250, or any patent number', () => {
    expect(prosaStateForStatus(150, 'Patented Case', '11646472')).toBe('patented');
    expect(prosaStateForStatus(150, 'Patented Case', null)).toBe('patented');
    expect(prosaStateForStatus(151, null, null)).toBe('patented');
    expect(prosaStateForStatus(250, 'Patent Expired Due to NonPayment of Maintenance Fees Under 37 CFR 1.362', null)).toBe('patented');
    expect(prosaStateForStatus(41, 'Non Final Action Mailed', '10765880')).toBe('patented');
    expect(prosaStateForStatus(41, null, '   ')).toBe('pending');
  });

  it('abandoned: every code 160–169 except 165', () => {
    for (const code of [160, 161, 162, 163, 164, 166, 167, 168, 169]) {
      expect(prosaStateForStatus(code, statusDescription(code), null), String(code)).toBe('abandoned');
    }
    expect(prosaStateForStatus(165, 'Abandoned - Restored', null)).toBe('pending');
    expect(prosaStateForStatus(165, null, null)).toBe('pending');
  });

  it('abandoned by description, on collapsed case-folded text', () => {
    expect(prosaStateForStatus(null, 'Abandoned  --  Incomplete (Filing Date Under Rule 53 (b) - PreExam)', null)).toBe('abandoned');
    expect(prosaStateForStatus(999, '  EXPRESSLY   abandoned -- During Examination', null)).toBe('abandoned');
    expect(prosaStateForStatus(null, 'Abandonment for Failure to Correct Drawings/Oath/NonPub Request', null)).toBe('abandoned');
    expect(prosaStateForStatus(null, 'ABANDONED  -  restored', null)).toBe('pending');
    // "Withdrawn Abandonment" (66) does not start with "Abandoned": still pending.
    expect(prosaStateForStatus(66, 'Withdrawn Abandonment, awaiting examiner action', null)).toBe('pending');
  });

  it('allowed: 90–100 (Notice of Allowance and issue-fee stages), except 91 withdrawn from issue', () => {
    for (const code of [90, 92, 93, 94, 95, 98, 99, 100]) expect(prosaStateForStatus(code, null, null), String(code)).toBe('allowed');
    expect(prosaStateForStatus(91, 'Withdraw from issue awaiting action', null)).toBe('pending');
    expect(prosaStateForStatus(89, null, null)).toBe('pending');
    expect(prosaStateForStatus(101, null, null)).toBe('pending');
  });

  it('other dead states (expired provisional, renounced Hague design) are abandoned', () => {
    expect(prosaStateForStatus(159, 'Provisional Application Expired', null)).toBe('abandoned');
    expect(prosaStateForStatus(170, null, null)).toBe('abandoned');
  });

  it('pending otherwise; with no code, falls back on the description', () => {
    expect(prosaStateForStatus(30, 'Docketed New Case - Ready for Examination', null)).toBe('pending');
    expect(prosaStateForStatus(41, 'Non Final Action Mailed', null)).toBe('pending');
    expect(prosaStateForStatus(61, 'Final Rejection Mailed', null)).toBe('pending');
    expect(prosaStateForStatus(null, null, null)).toBe('pending');
    expect(prosaStateForStatus(null, 'patented   case', null)).toBe('patented');
    expect(prosaStateForStatus(null, 'Allowed -- Notice of Allowance Not Yet Mailed', null)).toBe('allowed');
  });
});

describe('statusDescription', () => {
  it('knows the key codes', () => {
    expect(statusDescription(30)).toBe('Docketed New Case - Ready for Examination');
    expect(statusDescription(41)).toBe('Non Final Action Mailed');
    expect(statusDescription(150)).toBe('Patented Case');
    expect(statusDescription(165)).toBe('Abandoned - Restored');
    expect(statusDescription(7)).toBeNull();
  });

  it('holds the 130 codes of shared/data/uspto-status-codes.csv, with its source noted', () => {
    expect(statusCodeFile._source).toMatch(/uspto-status-codes\.csv/);
    const entries = Object.entries(statusCodeFile.codes as Record<string, string>);
    expect(entries).toHaveLength(130);
    for (const [code, text] of entries) {
      expect(code).toMatch(/^\d+$/);
      expect(text.trim().length, code).toBeGreaterThan(0);
    }
    // Quoted CSV fields came through without their quotes.
    expect(statusDescription(82)).toBe('Advisory Action Counted, Not Yet Mailed');
  });
});

describe('document codes: two vocabularies', () => {
  it('maps USPTO document codes to deadline-engine action kinds', () => {
    expect(actionKindForDocumentCode('CTNF')).toBe('non_final');
    expect(actionKindForDocumentCode('CTFR')).toBe('final');
    expect(actionKindForDocumentCode('CTRS')).toBe('restriction');
    expect(actionKindForDocumentCode('CTEQ')).toBe('quayle');
    expect(actionKindForDocumentCode('NOA')).toBe('notice_of_allowance');
    expect(actionKindForDocumentCode(' ctnf ')).toBe('non_final');
    for (const code of ['CTAV', 'EXIN', 'N417', '892', '1449', 'SRFW', 'REM', 'CLM', 'CTED', '', null, undefined, 'toString']) {
      expect(actionKindForDocumentCode(code), String(code)).toBeNull();
    }
  });

  it('maps USPTO CTRS (restriction) to the interface CTED, never to the interface CTRS', () => {
    expect(interfaceTypeForDocumentCode('CTNF')).toBe('CTNF');
    expect(interfaceTypeForDocumentCode('CTFR')).toBe('CTFR');
    expect(interfaceTypeForDocumentCode('CTRS')).toBe('CTED');
    expect(interfaceTypeForDocumentCode('CTED')).toBeNull(); // not a USPTO document code
    expect(interfaceTypeForDocumentCode('CTEQ')).toBeNull();
    expect(interfaceTypeForDocumentCode('NOA')).toBeNull();
    expect(interfaceTypeForDocumentCode(null)).toBeNull();
  });
});

describe('classifyEvent', () => {
  const k = (code: string, description: string | null = null) => classifyEvent(code, description);

  it('office actions and their mail twins', () => {
    expect(k('CTNF', 'Non-Final Rejection')).toEqual({ kind: 'non_final', initiator: null, isMailEvent: false });
    expect(k('MCTNF', 'Mail Non-Final Rejection')).toEqual({ kind: 'non_final', initiator: null, isMailEvent: true });
    expect(k('CTFR', 'Final Rejection')).toEqual({ kind: 'final', initiator: null, isMailEvent: false });
    expect(k('MCTFR', 'Mail Final Rejection (PTOL - 326)')).toEqual({ kind: 'final', initiator: null, isMailEvent: true });
    expect(k('CTRS')).toEqual({ kind: 'restriction', initiator: null, isMailEvent: false });
    expect(k('MCTRS')).toEqual({ kind: 'restriction', initiator: null, isMailEvent: true });
    expect(k('CTEQ')).toEqual({ kind: 'quayle', initiator: null, isMailEvent: false });
    expect(k('CTAV')).toEqual({ kind: 'advisory', initiator: null, isMailEvent: false });
    expect(k('MCTAV')).toEqual({ kind: 'advisory', initiator: null, isMailEvent: true });
  });

  it('allowance', () => {
    expect(k('N/=.', 'Notice of Allowance Data Verification Completed')).toEqual({ kind: 'allowance', initiator: null, isMailEvent: false });
    expect(k('MN/=.', 'Mail Notice of Allowance')).toEqual({ kind: 'allowance', initiator: null, isMailEvent: true });
    expect(k('CNOA', 'Corrected Notice of Allowability').kind).toBe('allowance');
    expect(k('MCNOA', 'Mailing Corrected Notice of Allowability')).toEqual({ kind: 'allowance', initiator: null, isMailEvent: true });
  });

  it('interviews: EXIN, EXIA, EXET and any description mentioning an interview', () => {
    expect(k('EXIN').kind).toBe('interview');
    expect(k('EXET', 'Interview Summary - Examiner Initiated - Telephonic').kind).toBe('interview');
    expect(k('EXIA', 'Interview Summary- Applicant Initiated').kind).toBe('interview');
    expect(k('XXXX', 'Applicant INTERVIEW request').kind).toBe('interview');
  });

  it("interviews carry who initiated them; only the applicant's count as interview success", () => {
    expect(k('EXIA', 'Interview Summary- Applicant Initiated')).toEqual({ kind: 'interview', initiator: 'applicant', isMailEvent: false });
    expect(k('EXIN', 'Examiner Interview Summary Record (PTOL - 413)').initiator).toBe('applicant');
    expect(k('M865', 'Letter Requesting Interview with Examiner').initiator).toBe('applicant');
    expect(k('FAI.REQ.INTV').initiator).toBe('applicant');
    // The examiner's own call, by code or by description (any code), is the examiner's.
    expect(k('EXET', 'Interview Summary - Examiner Initiated - Telephonic').initiator).toBe('examiner');
    expect(k('INTV.SUM.EX', 'Examiner initiated interview summary (PTOL-413B)').initiator).toBe('examiner');
    expect(k('EXEV', 'Interview Summary - Examiner Initiated - Video Conference')).toEqual({ kind: 'interview', initiator: 'examiner', isMailEvent: false });
    expect(k('XXXX', 'Interview Summary - Applicant-Initiated - Personal').initiator).toBe('applicant');
    // Nothing names the initiator: unknown (not counted as the applicant's).
    expect(k('XXXX', 'Interview conducted').initiator).toBe('unknown');
    // Not interviews at all: the First Action Interview pre-interview communication (an examiner's
    // action) and an examiner's amendment.
    expect(k('XXXX', 'Pre-Interview Communication Mailed').kind).toBe('other');
    expect(k('EX.A', "Examiner's Amendment Communication").kind).toBe('other');
    expect(k('CTNF').initiator).toBeNull();
  });

  it('applicant replies, RCEs (ABN9 is an RCE disposal, not an abandonment)', () => {
    for (const code of ['A...', 'A.NE', 'XT/G', 'RAFC', 'AFAC']) expect(k(code).kind, code).toBe('applicant_reply');
    expect(k('RCEX', 'Request for Continued Examination (RCE)').kind).toBe('rce');
    expect(k('BRCE').kind).toBe('rce');
    expect(k('ABN9', 'Disposal for a RCE / CPA / R129')).toEqual({ kind: 'rce', initiator: null, isMailEvent: false });
  });

  it('abandonment and revival', () => {
    expect(k('ABN2', 'Aband. for Failure to Respond to O. A.')).toEqual({ kind: 'abandonment', initiator: null, isMailEvent: false });
    expect(k('MABN2', 'Mail Abandonment for Failure to Respond to Office Action')).toEqual({ kind: 'abandonment', initiator: null, isMailEvent: true });
    expect(k('ABN6').kind).toBe('abandonment');
    expect(k('PREV', 'Petition to Revive Application - Granted').kind).toBe('revival');
    expect(k('MPREV')).toEqual({ kind: 'revival', initiator: null, isMailEvent: true });
    expect(k('NRAB', 'Notice of Rescinded Abandonment in TCs').kind).toBe('revival');
    expect(k('MNRAB')).toEqual({ kind: 'revival', initiator: null, isMailEvent: true });
  });

  it('grant', () => {
    for (const code of ['IFEE', 'N084', 'WPIR', 'PGM/', 'EPG/']) expect(k(code).kind, code).toBe('grant');
  });

  it('everything else is other, including look-alike M-codes', () => {
    for (const code of ['EML_NTR', 'M844', 'MP014', 'MM327', 'DOCK', 'IDSC', 'A.PE', 'PET.', '']) {
      expect(k(code), code).toEqual({ kind: 'other', initiator: null, isMailEvent: false });
    }
    expect(classifyEvent(null, null)).toEqual({ kind: 'other', initiator: null, isMailEvent: false });
  });

  it('classifies codes case-insensitively and ignores surrounding blanks', () => {
    expect(k(' mctnf ').kind).toBe('non_final');
  });

  it('classifies every event in the 14412875 sample history as §1.5 describes', () => {
    const sample = JSON.parse(readFileSync(new URL('../../test/fixtures/odp/search-post-14412875.json', import.meta.url), 'utf8')) as {
      patentFileWrapperDataBag: { eventDataBag: { eventCode: string; eventDescriptionText: string }[] }[];
    };
    const counts = new Map<string, number>();
    for (const e of sample.patentFileWrapperDataBag[0].eventDataBag) {
      const c = classifyEvent(e.eventCode, e.eventDescriptionText);
      if (c.kind !== 'other' && !c.isMailEvent) counts.set(c.kind, (counts.get(c.kind) ?? 0) + 1);
    }
    // uspto-data.md §4 worked example: 2×CTNF + 2×CTFR, 1 interview (EXET), RCE (RCEX, BRCE, ABN9).
    expect(Object.fromEntries(counts)).toEqual({
      non_final: 2,
      final: 2,
      interview: 1,
      rce: 3,
      abandonment: 1,
      revival: 2,
      allowance: 2,
      applicant_reply: 7, // A... ×2, XT/G ×2, A.NE, RAFC, AFAC
      grant: 4,
    });
  });
});
