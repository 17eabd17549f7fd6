import { beforeAll, describe, expect, it } from 'vitest';
import { buildInterviewRequest, INTERVIEW_TITLE } from '../../src/documents/build-interview-request.ts';
import { planAmendments } from '../../src/documents/amendment-plan.ts';
import { interviewAgenda } from '../../src/documents/interview/agenda.ts';
import { collectRejectionGrounds } from '../../src/documents/rejection-grounds.ts';
import { openDocx, paragraphsWithStyle, type OpenedDocx } from './support/open-docx.ts';
import { interview } from '../fixtures/documents/form-samples.ts';

describe('interviewAgenda', () => {
  it('lists each ground with its claims, art and the proposal per claim', () => {
    const plan = planAmendments({ kind: 'non_final', claims: interview.claims, strategy: interview.strategy });
    expect(interviewAgenda(plan, collectRejectionGrounds(interview.claims))).toEqual([
      { issue: 'Rejection under 35 U.S.C. 112(b)', claims: 'Claim 4', prior_art: '—', proposal: 'Amend claim 4 to overcome the 35 U.S.C. 112(b) ground' },
      {
        issue: 'Rejection under 35 U.S.C. 102(a)(1)',
        claims: 'Claims 7-9',
        prior_art: 'Rebmann (US 2018/0179985 A1)',
        proposal:
          'Argue that Rebmann does not teach the limitations of claims 7 and 8 identified in the response; Cancel claim 9 without prejudice or disclaimer',
      },
      {
        issue: 'Rejection under 35 U.S.C. 103',
        claims: 'Claims 1-3',
        prior_art: 'Rebmann (US 2018/0179985 A1) and Wang (US 2018/0298842 A1)',
        proposal:
          'Amend claim 1 to incorporate the limitations of claim 5, indicated allowable; Claim 2: patentable with amended claim 1; Argue that Rebmann and Wang do not teach the limitations of claim 3 identified in the response',
      },
      {
        issue: 'Objection: dependent on a rejected base claim (allowable if rewritten)',
        claims: 'Claims 5 and 6',
        prior_art: '—',
        proposal: 'Cancel claim 5 (limitations incorporated into claim 1); Amend claim 6 to depend from claim 1',
      },
    ]);
  });
});

describe('buildInterviewRequest', () => {
  let doc: OpenedDocx;
  beforeAll(async () => {
    doc = await openDocx(await buildInterviewRequest(interview));
  });

  it('carries the content of PTOL-413A', () => {
    expect(paragraphsWithStyle(doc.documentXml, 'Title')).toEqual([INTERVIEW_TITLE]);
    expect(paragraphsWithStyle(doc.documentXml, 'Heading2')).toEqual([
      'Status of Application',
      'Tentative Participants',
      'Proposed Date and Time of Interview',
      'Type of Interview Requested',
      'Exhibit To Be Shown or Demonstrated',
      'Issues To Be Discussed',
      'Brief Description of Arguments To Be Presented',
    ]);
    expect(doc.text).toContain('(1) Jordan P. Lee, Attorney, Reg. No. 71,234');
    expect(doc.text).toContain('(2) Maria Garcia, Inventor');
    expect(doc.text).toContain('(1) April 14, 2026, 10:00 AM ET');
    expect(doc.text).toContain('(2) April 15, 2026, [proposed time, with time zone]');
    expect(doc.text).toContain('☐ Telephonic     ☒ Video Conference     ☐ Personal (in person)');
    expect(doc.text).toContain('☐ Yes     ☒ No');
  });

  it('puts the agenda in the issues table', () => {
    expect(doc.html).toContain('<td><p>Rejection under 35 U.S.C. 103</p></td><td><p>Claims 1-3</p></td>');
    expect(doc.html).toContain('Amend claim 1 to incorporate the limitations of claim 5, indicated allowable');
  });

  it('leaves placeholders for the participants and slots not given; the signer is the first participant', async () => {
    const bare = await openDocx(
      await buildInterviewRequest({ ...interview, participants: undefined, proposed_slots: undefined, interview_type: 'telephonic', practitioner: undefined }),
    );
    expect(bare.text).toContain('(1) [name and role of participant]');
    const signed = await openDocx(
      await buildInterviewRequest({ ...interview, participants: undefined, practitioner: { name: 'Jordan P. Lee', registration_number: '71,234' } }),
    );
    expect(signed.text).toContain('(1) Jordan P. Lee, Reg. No. 71,234, Applicant’s representative');
    expect(signed.text).toContain('(2) [name and role of any other participant, or delete this line]');
    expect(bare.text).toContain('Date: [proposed date]');
    expect(bare.text).toContain('☒ Telephonic');
  });
});
