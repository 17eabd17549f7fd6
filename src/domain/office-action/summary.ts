import { parseClaimList } from './claim-lists.ts';
import { evidenceOf } from './spans.ts';
import type { SummaryDisposition, SummaryField, SummaryLine } from './types.ts';

/**
 * The Office Action Summary (form PTOL-326), "Disposition of Claims":
 *   5) Claim(s) 1-20 is/are pending in the application.
 *   5a) Of the above claim(s) ___ is/are withdrawn from consideration.
 *   6) Claim(s) ___ is/are allowed.
 *   7) Claim(s) 1-20 is/are rejected.
 *   8) Claim(s) ___ is/are objected to.
 *   9) Claim(s) ___ are subject to restriction and/or election requirement.
 * (item numbers differ between form revisions). A line is a summary line only when the phrase
 * ends the line — "Claim(s) 3 is/are rejected under 35 U.S.C. 103" is a body form paragraph.
 */
// The list may break across lines ("Claim(s) 1-3, 5,\n7 - 9 and 11 is/are rejected." in text taken
// from the PDF): it is read as digits, separators, blanks (line breaks too) and the list words only.
const LINE =
  /claim\(s\)\s{0,3}((?:[\d\s,;&\-–—_]|\b(?:and|or|to|through|thru)\b){0,200}?)\s{0,3}(?:is\/are|are)\s{1,3}(pending\s{1,3}in\s{1,3}the\s{1,3}application|withdrawn\s{1,3}from\s{1,3}(?:further\s{1,3})?consideration|allowed|rejected|objected\s{1,3}to|subject\s{1,3}to\s{1,3}restriction\s{1,3}and\/or\s{1,3}election\s{1,3}requirements?)(?=[ \t]{0,3}(?:[.*\n]|$))/gi;

const FIELD: Array<[RegExp, SummaryField]> = [
  [/^pending/i, 'pending'],
  [/^withdrawn/i, 'withdrawn'],
  [/^allowed/i, 'allowed'],
  [/^rejected/i, 'rejected'],
  [/^objected/i, 'objected'],
  [/^subject/i, 'restriction'],
];

export function parseSummary(input: string, work: string): SummaryDisposition {
  const lines: SummaryLine[] = [];
  LINE.lastIndex = 0;
  for (let m = LINE.exec(work); m; m = LINE.exec(work)) {
    const middle = m[1].replace(/\b(?:and|or|to|through|thru)\b/gi, ' ');
    if (!/^[\s\d,;&\-–—_]*$/.test(middle)) continue; // not a claim list: a body sentence
    const field = FIELD.find(([re]) => re.test(m![2]))?.[1];
    if (!field) continue;
    // Evidence: from the start of the line (item number, check box) to the end of the phrase.
    const lineStart = work.lastIndexOf('\n', m.index) + 1;
    const start = m.index - lineStart <= 20 ? lineStart : m.index;
    let end = m.index + m[0].length;
    if (work[end] === '.') end++;
    lines.push({ field, claims: parseClaimList(m[1]), evidence: evidenceOf(input, start, end) });
  }
  const pick = (f: SummaryField): number[] => [...new Set(lines.filter((l) => l.field === f).flatMap((l) => l.claims))].sort((a, b) => a - b);
  return {
    found: lines.length > 0,
    pending: pick('pending'),
    withdrawn: pick('withdrawn'),
    allowed: pick('allowed'),
    rejected: pick('rejected'),
    objected: pick('objected'),
    restriction: pick('restriction'),
    lines,
  };
}
