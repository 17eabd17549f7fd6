import type { Basis } from './types.ts';

/**
 * Section headings of the detailed action (MPEP 707.07: the headings examiners' templates
 * print before each group of form paragraphs): "Claim Rejections - 35 USC § 103",
 * "Double Patenting", "Claim Objections", "Allowable Subject Matter", "Response to Arguments",
 * "Election/Restrictions", "Conclusion" ...
 */
export type SectionName =
  | 'rejections'
  | 'double_patenting'
  | 'claim_objections'
  | 'allowable_subject_matter'
  | 'response_to_arguments'
  | 'election_restriction'
  | 'examiners_amendment'
  | 'reasons_for_allowance'
  | 'specification'
  | 'drawings'
  | 'requirement_for_information'
  | 'claim_interpretation'
  | 'conclusion';

export interface Section {
  start: number;
  end: number;
  name: SectionName;
  /** For "Claim Rejections - 35 USC § 1xx": the statute of the heading. */
  basis: Basis | null;
  heading: string;
}

// "Claim Rejections - 35 USC § 112(b)", pre-AIA "… § 112, second paragraph" (→ 112(b)).
const REJECTION_HEADING =
  /Claim\s{0,3}Rejections?\s{0,3}[-–—:]{0,2}\s{0,3}(?:35\s{0,2}U\.?\s?S\.?\s?C\.?\s{0,3}§{0,2}\s{0,3})?(\d{3})(?:\s{0,3}\(([a-f])\)|,?\s{1,3}(first|second|fourth|sixth)\s{1,3}paragraph)?/gi;
const PARAGRAPH_LETTER: Record<string, string> = { first: 'a', second: 'b', fourth: 'd', sixth: 'f' };
const NAMED_HEADINGS: Array<[RegExp, SectionName]> = [
  [/(?:Non-?statutory\s{1,3})?(?:Obviousness-?Type\s{1,3})?Double\s{1,3}Patenting/gi, 'double_patenting'],
  [/Claim\s{1,3}Objections?/gi, 'claim_objections'],
  [/Allowable\s{1,3}Subject\s{1,3}Matter/gi, 'allowable_subject_matter'],
  [/Response\s{1,3}to\s{1,3}(?:Applicant'?s\s{1,3})?(?:Arguments?|Amendments?|Remarks)/gi, 'response_to_arguments'],
  [/Election\s{0,3}\/\s{0,3}Restrictions?|Restriction\s{0,3}\/\s{0,3}Election|Requirement\s{1,3}for\s{1,3}(?:Restriction|Election)/gi, 'election_restriction'],
  [/Examiner[’']?s\s{1,3}Amendment/gi, 'examiners_amendment'],
  [/(?:Statement\s{1,3}of\s{1,3})?Reasons\s{1,3}for\s{1,3}Allowance/gi, 'reasons_for_allowance'],
  [/Specification/g, 'specification'],
  [/Drawings/g, 'drawings'],
  [/Requirement\s{1,3}for\s{1,3}Information/gi, 'requirement_for_information'],
  [/Claim\s{1,3}Interpretation/gi, 'claim_interpretation'],
  [/Conclusion/g, 'conclusion'],
];

/** A heading stands alone: at a line start (or after a wide gap in single-line text) and followed by a line end or a wide gap. */
function standsAlone(work: string, start: number, end: number): boolean {
  const before = work.slice(Math.max(0, start - 20), start);
  const after = work.slice(end, end + 3);
  const leftOk = start === 0 || /\n[ \t]*$/.test(before) || /\s{2}$/.test(before) || (start < 20 && before.trim() === '');
  const rightOk = end >= work.length || /^(?:[ \t]*\n|\s{2}|[ \t]*$)/.test(after);
  return leftOk && rightOk;
}

export function findSections(work: string): Section[] {
  const found: Array<Omit<Section, 'end'>> = [];
  REJECTION_HEADING.lastIndex = 0;
  for (let m = REJECTION_HEADING.exec(work); m; m = REJECTION_HEADING.exec(work)) {
    const sec = m[1];
    const basis: Basis | null =
      sec === '101' || sec === '102' || sec === '103'
        ? sec
        : sec === '112'
          ? ((m[2] ? `112(${m[2].toLowerCase()})` : m[3] ? `112(${PARAGRAPH_LETTER[m[3].toLowerCase()]})` : '112') as Basis)
          : null;
    found.push({ start: m.index, name: 'rejections', basis, heading: m[0] });
  }
  for (const [re, name] of NAMED_HEADINGS) {
    re.lastIndex = 0;
    for (let m = re.exec(work); m; m = re.exec(work)) {
      if (!standsAlone(work, m.index, m.index + m[0].length)) continue;
      found.push({ start: m.index, name, basis: name === 'double_patenting' ? 'DP' : null, heading: m[0] });
    }
  }
  found.sort((a, b) => a.start - b.start);
  return found.map((s, i) => ({ ...s, end: i + 1 < found.length ? found[i + 1].start : work.length }));
}

/** The section containing `pos`, or null. */
export function sectionAt(sections: readonly Section[], pos: number): Section | null {
  let lo = 0;
  let hi = sections.length - 1;
  let best: Section | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sections[mid].start <= pos) {
      best = sections[mid];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}
