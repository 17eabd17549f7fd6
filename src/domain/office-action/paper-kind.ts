import { evidenceOf } from './spans.ts';
import type { Evidence, PaperKind, PaperKindResult, TypeHint, Warning } from './types.ts';
import { kindOfType } from './type-codes.ts';

/**
 * Kind of paper, from the closing and opening form paragraphs rather than from words the
 * PTOL-326 summary prints on every action (its check boxes "This action is FINAL", "Ex parte
 * Quayle" are present whichever box is ticked, so only a ticked glyph counts):
 * - final: 7.39-7.42 "THIS ACTION IS MADE FINAL"; non-final after RCE: "the finality of the previous
 *   Office action has been withdrawn pursuant to 37 CFR 1.114" (7.42.04);
 * - Ex parte Quayle: 7.51 "in condition for allowance except for the following formal matters";
 * - allowance: PTOL-37 Notice of Allowability, 13.03 "statement of reasons for allowance"; failing those, a
 *   paper that allows claims and rejects or objects to none;
 * - restriction/election: 8.01, 8.08 "Restriction to one of the following inventions is required";
 * - requirement for information: 37 CFR 1.105 (MPEP 704.10-704.14);
 * - USPTO document codes (CTNF, CTFR, CTRS = restriction, CTEQ, NOA) when bulk-data text starts with them.
 */

type Marker = { kind: PaperKind | 'explicit_non_final'; re: RegExp };

// A ticked box: a glyph, "[X]", or a bare X right after the item number ("2a)X This action is FINAL").
const CHECKED = String.raw`(?:☒|■|☑|✔|✓|\[\s?[xX]\s?\]|(?<=\)\s{0,2})[xX](?=\s))\s{0,3}`;
const MARKERS: Marker[] = [
  { kind: 'final', re: /THIS\s{1,3}ACTION\s{1,3}IS\s{1,3}MADE\s{1,3}FINAL/i },
  { kind: 'final', re: /(?:REPLY|RESPONSE)\s{1,3}TO\s{1,3}THIS\s{1,3}FINAL\s{1,3}ACTION/i },
  { kind: 'final', re: new RegExp(CHECKED + String.raw`This\s{1,3}action\s{1,3}is\s{1,3}FINAL`, 'i') },
  { kind: 'explicit_non_final', re: new RegExp(CHECKED + String.raw`This\s{1,3}action\s{1,3}is\s{1,3}non-?\s?final`, 'i') },
  { kind: 'explicit_non_final', re: /finality\s{1,3}of\s{1,3}the\s{1,3}previous\s{1,3}(?:Office\s{1,3})?action\s{1,3}(?:is|has\s{1,3}been)\s{1,3}withdrawn/i },
  { kind: 'quayle', re: /in\s{1,3}condition\s{1,3}for\s{1,3}allowance\s{1,3}except\s{1,3}for\s{1,3}the\s{1,3}following\s{1,3}formal\s{1,3}matters/i },
  {
    kind: 'quayle',
    re: /Prosecution\s{1,3}on\s{1,3}the\s{1,3}merits\s{1,3}is\s{1,3}closed\s{1,3}in\s{1,3}accordance\s{1,3}with\s{1,3}the\s{1,3}practice\s{1,3}under\s{1,3}Ex\s{1,3}parte\s{1,3}Quayle/i,
  },
  { kind: 'notice_of_allowance', re: /Notice\s{1,3}of\s{1,3}Allowab(?:ility|le)|NOTICE\s{1,3}OF\s{1,3}ALLOWANCE/i },
  {
    kind: 'notice_of_allowance',
    re: /statement\s{1,3}of\s{1,3}reasons\s{1,3}for\s{1,3}allowance|Comments\s{1,3}on\s{1,3}Statement\s{1,3}of\s{1,3}Reasons\s{1,3}for\s{1,3}Allowance/i,
  },
  { kind: 'notice_of_allowance', re: /The\s{1,3}allowed\s{1,3}claim\(s\)\s{1,3}(?:is\/are|is|are)\b/i },
  { kind: 'notice_of_allowance', re: /\breasons\s{1,3}for\s{1,3}allowance\b/i },
  { kind: 'restriction', re: /Restriction\s{1,3}to\s{1,3}one\s{1,3}of\s{1,3}the\s{1,3}following\s{1,3}(?:inventions|groups)\s{1,3}is\s{1,3}required/i },
  { kind: 'restriction', re: /(?:election|restriction)\s{1,3}(?:of\s{1,3}species\s{1,3})?(?:requirement\s{1,3})?is\s{1,3}(?:hereby\s{1,3})?required/i },
  {
    kind: 'restriction',
    re: /required\s{1,3}(?:under\s{1,3}35\s{0,2}U\.?\s?S\.?\s?C\.?\s{0,3}§?\s{0,3}121\s{1,3})?to\s{1,3}elect\s{1,3}(?:a\s{1,3}single|one)/i,
  },
  {
    kind: 'restriction',
    re: /This\s{1,3}application\s{1,3}contains\s{1,3}claims\s{1,3}directed\s{1,3}to\s{1,3}(?:the\s{1,3}following\s{1,3})?(?:patentably\s{1,3}distinct\s{1,3}species|more\s{1,3}than\s{1,3}one\s{1,3}species)/i,
  },
  { kind: 'requirement_for_information', re: /required\s{1,3}under\s{1,3}37\s{0,2}C\.?\s?F\.?\s?R\.?\s{0,3}§?\s{0,3}1\.105/i },
  { kind: 'requirement_for_information', re: /Requirement\s{1,3}for\s{1,3}Information/i },
];

const DOC_CODES: Record<string, PaperKind> = {
  CTNF: 'non_final',
  CTFR: 'final',
  CTRS: 'restriction', // USPTO vocabulary: Requirement for Restriction/Election
  CTEQ: 'quayle',
  NOA: 'notice_of_allowance',
  CTAV: 'other',
};

export interface PaperKindInput {
  input: string;
  work: string;
  hasRejections: boolean;
  restrictionGroups: number;
  summaryRejected: number;
  /** Claims are allowed and none is rejected or objected to. */
  allowedOnly: boolean;
  /** True when the text has any office-action structure (claim statements, statutes, headings). */
  hasStructure: boolean;
  typeHint?: TypeHint;
}

export function detectPaperKind(p: PaperKindInput): { result: PaperKindResult; warnings: Warning[] } {
  const warnings: Warning[] = [];
  const found = new Map<string, Evidence>();
  for (const m of MARKERS) {
    if (found.has(m.kind)) continue;
    const hit = m.re.exec(p.work);
    if (hit) found.set(m.kind, evidenceOf(p.input, hit.index, hit.index + hit[0].length));
  }
  const code = /^[\s\S]{0,200}?\b(CTNF|CTFR|CTRS|CTEQ|NOA|CTAV)\b/.exec(p.work.slice(0, 220));
  let result: PaperKindResult;
  const text = (kind: PaperKind, confidence: number, ev: Evidence | null, source: PaperKindResult['source'] = 'text'): PaperKindResult => ({
    kind,
    confidence,
    source,
    evidence: ev,
  });
  if (code) {
    const start = code.index + code[0].length - code[1].length;
    result = text(DOC_CODES[code[1]], 0.95, evidenceOf(p.input, start, start + code[1].length));
  } else if (p.hasRejections) {
    if (found.has('final')) result = text('final', 0.95, found.get('final')!);
    else if (found.has('explicit_non_final')) result = text('non_final', 0.95, found.get('explicit_non_final')!);
    else result = text('non_final', 0.75, null, 'inferred');
  } else if (found.has('quayle')) result = text('quayle', 0.9, found.get('quayle')!);
  else if (found.has('notice_of_allowance')) result = text('notice_of_allowance', 0.9, found.get('notice_of_allowance')!);
  else if (found.has('restriction')) result = text('restriction', 0.9, found.get('restriction')!);
  else if (p.restrictionGroups >= 2) result = text('restriction', 0.7, null, 'inferred');
  else if (found.has('requirement_for_information')) result = text('requirement_for_information', 0.9, found.get('requirement_for_information')!);
  else if (found.has('final')) result = text('final', 0.6, found.get('final')!);
  else if (p.summaryRejected > 0) result = text('non_final', 0.6, null, 'inferred');
  else if (p.allowedOnly) result = text('notice_of_allowance', 0.6, null, 'inferred');
  else result = text('other', p.hasStructure ? 0.3 : 0.1, null, 'none');

  if (p.typeHint) {
    const hinted = kindOfType(p.typeHint); // interface vocabulary (spec table), not the USPTO's
    if (hinted === null) {
      // unknown hint: ignore
    } else if (result.source === 'text' && result.confidence >= 0.8) {
      if (hinted !== result.kind) {
        warnings.push({
          code: 'type_hint_conflict',
          message: `office_action_type ${p.typeHint} (${hinted}) disagrees with the text, which reads as ${result.kind}; the text wins${p.typeHint === 'CTRS' && result.kind === 'restriction' ? " (in the interface's codes CTRS is a requirement for information and a restriction is CTED; CTRS is the USPTO's own code for a restriction)" : ''}`,
          evidence: result.evidence ?? undefined,
        });
      }
    } else if (result.kind === 'other' && !p.hasStructure) {
      warnings.push({ code: 'type_hint_ignored', message: `office_action_type ${p.typeHint} ignored: the text shows no office-action structure` });
    } else if ((hinted === 'final' || hinted === 'non_final') && !(p.hasRejections || p.summaryRejected > 0)) {
      warnings.push({ code: 'type_hint_conflict', message: `office_action_type ${p.typeHint} names a rejection but none was found in the text` });
      if (result.kind === 'other') result = { kind: hinted, confidence: 0.4, source: 'hint', evidence: null };
    } else {
      result = { kind: hinted, confidence: Math.max(result.confidence, result.kind === hinted ? 0.9 : 0.7), source: 'hint', evidence: result.evidence };
    }
  }
  return { result, warnings };
}
