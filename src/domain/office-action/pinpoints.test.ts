import { describe, expect, test } from 'vitest';
import { parseOfficeAction } from './parse.ts';

const ACTION = `Claims 1-3 are rejected under 35 U.S.C. 103 as being unpatentable over Smith (US 8,123,456 B2) in view of Jones (US 2015/0123456 A1).
Regarding claim 1, Smith discloses a method comprising receiving a packet (col. 4, lines 5-20; Fig. 2) and routing it (column 5, line 3 - column 6, line 10). Jones teaches caching (para. [0034]; paragraphs [0040]-[0042]; ¶0066).
Regarding claim 2, Smith discloses the method of claim 1, wherein the packet is encrypted (Figs. 3A-3C). Jones teaches a timer (page 3, lines 1-10).
As to claim 3, Smith in view of Jones discloses wherein the timer expires (Jones; Paragraph 80, 82-83).`;

describe('pinpoint citations per claim', () => {
  const p = parseOfficeAction(ACTION);
  const forClaim = (n: number) => p.pinpoints.filter((x) => x.claims.includes(n)).map((x) => [x.kind, x.evidence.text, x.reference_name]);

  test('column/line, paragraph, figure and page/line forms, tied to the reference named before them', () => {
    expect(forClaim(1)).toEqual([
      ['column_line', 'col. 4, lines 5-20', 'Smith'],
      ['figure', 'Fig. 2', 'Smith'],
      ['column_line', 'column 5, line 3 - column 6, line 10', 'Smith'],
      ['paragraph', 'para. [0034]', 'Jones'],
      ['paragraph', 'paragraphs [0040]-[0042]', 'Jones'],
      ['paragraph', '¶0066', 'Jones'],
    ]);
    expect(forClaim(2)).toEqual([
      ['figure', 'Figs. 3A-3C', 'Smith'],
      ['page_line', 'page 3, lines 1-10', 'Jones'],
    ]);
    expect(forClaim(3)).toEqual([['paragraph', 'Paragraph 80, 82-83', 'Jones']]);
  });

  test('the teaching reference, not the base it is applied to; a combination as subject leaves the source unknown', () => {
    // Sentences from real actions (corpus 01, 16/993,361; corpus 02): the last name before the
    // pinpoint is not its source.
    const text = `Claim 13 is rejected under 35 U.S.C. 103 as being unpatentable over Laroia (US 2005/0025220 A1) in view of Zhu (US 2015/0036514 A1).
Regarding claim 13, Laroia does not explicitly disclose wherein the medium is in communication with one of a USB or Firewire peripheral.
	However, in the same field of endeavor, Zhu (US 2015/0036514 A1) discloses wherein the medium is in communication with a USB peripheral {¶0178}.  Therefore, it would have been obvious to apply Zhu's teaching to Laroia's system with the motivation being to transmitting data from one device to another {¶0178} “in coordinate aspects of different connections”{¶0165}.

Claim(s) 9 is/are rejected under 35 U.S.C. 103 as being unpatentable over Balakrishnan et al. (PGPub 2014/0278125) in view of Esposito et al. (PGPub 2013/0192071) and in further view of Ataee et al. (PGPub 2015/0109202).
As to claim 9, Balakrishnan in view of Esposito discloses wherein a first wireless sensor module is positioned proximal a heart region of the user (Paragraph 16: shirt and torso areas).
Ataee discloses an electromyography signal type (Paragraph 13: EMG signals). The motivation would be to increase the robustness of the system (Ataee; Paragraph 9).`;
    const q = parseOfficeAction(text);
    const of = (n: number) => q.pinpoints.filter((x) => x.claims.includes(n)).map((x) => [x.evidence.text, x.reference_name]);
    expect(of(13)).toEqual([
      ['¶0178', 'Zhu'],
      ['¶0178', 'Zhu'],
      ['¶0165', 'Zhu'],
    ]);
    expect(of(9)).toEqual([
      ['Paragraph 16', null],
      ['Paragraph 13', 'Ataee'],
      ['Paragraph 9', 'Ataee'],
    ]);
  });

  test('the same pinpoint under two references in separate sentences is tied to each', () => {
    const q =
      parseOfficeAction(`Claim 1 is rejected under 35 U.S.C. 103 as being unpatentable over Smith (US 8,123,456 B2) in view of Jones (US 2015/0123456 A1).
Regarding claim 1, Smith discloses a packet (col. 4, lines 5-20). Jones teaches a cache (col. 4, lines 5-20).`);
    expect(q.pinpoints.map((x) => x.reference_name)).toEqual(['Smith', 'Jones']);
  });

  test('dependency read from the examiner restating the claim', () => {
    const byClaim = new Map(p.claim_structure.map((c) => [c.claim_number, c]));
    expect(byClaim.get(1)).toMatchObject({ independent: true, source: 'examiner_restatement' });
    expect(byClaim.get(2)).toMatchObject({ independent: false, depends_on: 1 });
    expect(byClaim.get(3)).toMatchObject({ independent: false, depends_on: null });
  });
});

describe('claim structure from quoted claim text', () => {
  test('an examiner’s amendment listing claims', () => {
    const p = parseOfficeAction(
      'The application has been amended as follows:\n1. (Currently Amended) A method comprising: receiving a packet.\n2. The method of claim 1, wherein the packet is encrypted.\n3. (Original) A system comprising a processor.\n4. The system as recited in claim 3, further comprising memory.',
    );
    expect(p.claim_structure.map((c) => [c.claim_number, c.independent, c.depends_on, c.source])).toEqual([
      [1, true, null, 'claim_text'],
      [2, false, 1, 'claim_text'],
      [3, true, null, 'claim_text'],
      [4, false, 3, 'claim_text'],
    ]);
  });
});

describe('pinpoints after a statement with no explanation opener', () => {
  test('a statement of one to three claims opens the explanation that follows it', () => {
    const p = parseOfficeAction(
      'Claim 1 is rejected under 35 U.S.C. 102(a)(1) as being anticipated by Smith (US 8,123,456 B2). Smith discloses a widget comprising a frame (col. 2, lines 3-5; Fig. 4).\nClaims 2-3 are rejected under 35 U.S.C. 103 as being unpatentable over Smith in view of Jones (US 2015/0123456 A1). Smith discloses the widget of claim 1. Jones teaches paint (para. [0012]).',
    );
    expect(p.pinpoints.map((x) => [x.claims, x.evidence.text, x.reference_name])).toEqual([
      [[1], 'col. 2, lines 3-5', 'Smith'],
      [[1], 'Fig. 4', 'Smith'],
      [[2, 3], 'para. [0012]', 'Jones'],
    ]);
  });
});
