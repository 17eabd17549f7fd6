/**
 * The statements of an information disclosure statement: its timing under 37 CFR 1.97(b)-(d),
 * the statement under 1.97(e) and the fee under 1.17(p) that (c) and (d) call for, the content
 * of 37 CFR 1.98(a) (list, copies, explanation of non-English items, size-fee assertion), and
 * 1.97(g)-(h) (no representation that a search was made; no admission of materiality).
 */
import type { Paragraph } from 'docx';
import { listPhrase } from '../remarks/wording.ts';
import { para } from '../docx/paragraphs.ts';
import { prompt, run, type Inline } from '../docx/runs.ts';
import type { IdsInput } from '../types.ts';
import { idsSizeFee } from './size-fee.ts';
import { dollarsDisplay } from '../../domain/uspto-fees.ts';

export const STATEMENT_1_97_E_1 =
  'Each item of information contained in this information disclosure statement was first cited in a communication from a foreign patent office in a counterpart foreign application not more than three months prior to the filing of this information disclosure statement (37 C.F.R. § 1.97(e)(1)).';
export const STATEMENT_1_97_E_2 =
  'No item of information contained in this information disclosure statement was cited in a communication from a foreign patent office in a counterpart foreign application, and, to the knowledge of the person signing this statement after making reasonable inquiry, no item of information contained in this information disclosure statement was known to any individual designated in 37 C.F.R. § 1.56(c) more than three months prior to the filing of this information disclosure statement (37 C.F.R. § 1.97(e)(2)).';

function depositAccount(input: IdsInput): Inline {
  return input.deposit_account ? run(input.deposit_account) : prompt('deposit account number');
}

function statementParagraphs(input: IdsInput): Paragraph[] {
  if (input.statement === '1.97(e)(1)') return [para(STATEMENT_1_97_E_1)];
  if (input.statement === '1.97(e)(2)') return [para(STATEMENT_1_97_E_2)];
  return [para([prompt('Select and insert the statement under 37 C.F.R. § 1.97(e)(1) or (e)(2)'), run('.')])];
}

function feeParagraph(input: IdsInput): Paragraph {
  const fee = input.fee_1_17_p;
  const amount = fee?.amount ? ` (${dollarsDisplay(fee.amount)} for a ${ENTITY_NAMES[fee.entity_size]})` : '';
  return para([
    run(`The fee set forth in 37 C.F.R. § 1.17(p)${amount} accompanies this statement; the Director is authorized to charge it to Deposit Account No. `),
    depositAccount(input),
    run('.'),
  ]);
}

const ENTITY_NAMES = { large: 'large entity', small: 'small entity (37 C.F.R. § 1.27)', micro: 'micro entity (37 C.F.R. § 1.29)' } as const;

export function timingParagraphs(input: IdsInput): Paragraph[] {
  switch (input.timing) {
    case '1.97(b)':
      return [
        para(
          'This information disclosure statement is filed under 37 C.F.R. § 1.97(b): within three months of the filing date of the application or of entry into the national stage, or before the mailing of a first Office action on the merits, or before the mailing of a first Office action after the filing of a request for continued examination. No statement under 37 C.F.R. § 1.97(e) and no fee is required.',
        ),
      ];
    case '1.97(c)': {
      const out = [
        para(
          'This information disclosure statement is filed under 37 C.F.R. § 1.97(c): after the period of 37 C.F.R. § 1.97(b), but before the mailing of a final action under 37 C.F.R. § 1.113, a notice of allowance under 37 C.F.R. § 1.311, or an action that otherwise closes prosecution. It is accompanied by the statement under 37 C.F.R. § 1.97(e) or the fee under 37 C.F.R. § 1.17(p), as follows.',
        ),
      ];
      if (input.statement) out.push(...statementParagraphs(input));
      if (input.pay_fee_1_17_p) out.push(feeParagraph(input));
      if (!input.statement && !input.pay_fee_1_17_p)
        out.push(para([prompt('Insert the statement under 37 C.F.R. § 1.97(e), or authorize the fee under 37 C.F.R. § 1.17(p)'), run('.')]));
      return out;
    }
    case '1.97(d)':
      return [
        para(
          'This information disclosure statement is filed under 37 C.F.R. § 1.97(d): after the period of 37 C.F.R. § 1.97(c), and on or before payment of the issue fee. It is accompanied by the statement under 37 C.F.R. § 1.97(e) and the fee under 37 C.F.R. § 1.17(p).',
        ),
        ...statementParagraphs(input),
        feeParagraph(input),
      ];
  }
}

export interface ItemCounts {
  usPatents: number;
  usPublications: number;
  foreign: number;
  npl: number;
}

export function contentParagraphs(input: IdsInput, counts: ItemCounts): Paragraph[] {
  const total = counts.usPatents + counts.usPublications + counts.foreign + counts.npl;
  const out: Paragraph[] = [
    para(
      `The ${total} ${total === 1 ? 'item' : 'items'} of information listed on the attached form PTO/SB/08 equivalent ${total === 1 ? 'is' : 'are'} submitted for the Examiner's consideration (37 C.F.R. § 1.98(a)(1)).`,
    ),
  ];
  const copies: string[] = [];
  if (counts.foreign) copies.push('each foreign patent document');
  if (counts.npl) copies.push('each non-patent literature publication');
  if (copies.length) out.push(para(`A legible copy of ${listPhrase(copies)} listed is submitted herewith (37 C.F.R. § 1.98(a)(2)).`));
  if (counts.usPatents || counts.usPublications)
    out.push(para('Copies of the U.S. patents and U.S. patent application publications listed are not required (37 C.F.R. § 1.98(a)(2)(ii)).'));
  out.push(...conciseExplanations(input, counts));
  out.push(sizeFeeAssertion(input, total));
  out.push(
    para(
      'This information disclosure statement is not a representation that a search has been made (37 C.F.R. § 1.97(g)), and its filing is not an admission that any information cited is, or is considered to be, material to patentability as defined in 37 C.F.R. § 1.56(b) (37 C.F.R. § 1.97(h)).',
    ),
  );
  return out;
}

/** Offices whose documents are published in English: no explanation is needed for them. */
const ENGLISH_OFFICES = /^(US|GB|AU|CA|NZ|IE|IN|SG)$/i;

/**
 * 37 CFR 1.98(a)(3)(i): each listed item not in English needs a concise explanation of its
 * relevance as presently understood (an English search report or abstract can serve, MPEP
 * 609.04(a)(III)). One paragraph per such item without a translation: the supplied explanation,
 * or a counted place for it. A foreign document of an office that publishes in English, or an NPL
 * item not marked `english: false`, needs none.
 */
function conciseExplanations(input: IdsInput, counts: ItemCounts): Paragraph[] {
  const firstForeignCite = counts.usPatents + counts.usPublications + 1;
  const firstNplCite = firstForeignCite + counts.foreign;
  const items: { cite: number; label: string; text?: string }[] = [];
  (input.foreign_documents ?? []).forEach((d, i) => {
    if (!d.translation_attached && !ENGLISH_OFFICES.test(d.country_code))
      items.push({ cite: firstForeignCite + i, label: `${d.country_code.toUpperCase()}-${d.number}`, text: d.concise_explanation?.trim() || undefined });
  });
  (input.non_patent_literature ?? []).forEach((d, i) => {
    if (!d.translation_attached && d.english === false)
      items.push({
        cite: firstNplCite + i,
        label: d.citation.length > 60 ? `${d.citation.slice(0, 57)}...` : d.citation,
        text: d.concise_explanation?.trim() || undefined,
      });
  });
  if (items.length === 0) return [];
  return [
    para('Concise explanation of relevance of each listed item not in the English language, as presently understood (37 C.F.R. § 1.98(a)(3)(i)):'),
    ...items.map((it) =>
      para([
        run(`Cite No. ${it.cite} (${it.label}): `),
        it.text
          ? run(it.text)
          : prompt(
              'concise explanation of relevance, e.g., "cited in the attached English-language search report of the counterpart application as category X against claims 1-5", or attach an English translation',
            ),
      ]),
    ),
  ];
}

function sizeFeeAssertion(input: IdsInput, total: number): Paragraph {
  const known = input.items_previously_submitted !== undefined;
  const fee = idsSizeFee(input.items_previously_submitted ?? 0, total);
  const count: Inline[] = [
    run(
      `With this statement, the cumulative number of applicant-provided items of information listed in information disclosure statements in this application is ${fee.cumulative}`,
    ),
  ];
  if (!known) count.push(run(' '), prompt('confirm: no earlier information disclosure statement was filed in this application'));
  if (fee.paragraph === null) {
    return para([
      run('Size fee assertion (37 C.F.R. § 1.98(a)(4)): no information disclosure statement size fee under 37 C.F.R. § 1.17(v) is required. '),
      ...count,
      run(
        fee.exceeds
          ? `; this statement does not cause it to exceed a threshold of 37 C.F.R. § 1.17(v) that earlier statements had not already exceeded.`
          : ', which does not exceed 50.',
      ),
    ]);
  }
  return para([
    run(
      `Size fee assertion (37 C.F.R. § 1.98(a)(4)): this information disclosure statement is accompanied by the information disclosure statement size fee under 37 C.F.R. § 1.17(v)(${fee.paragraph}). `,
    ),
    ...count,
    run(
      `, which exceeds ${fee.exceeds}. The Director is authorized to charge the fee under 37 C.F.R. § 1.17(v)(${fee.paragraph}), less any amount previously paid under 37 C.F.R. § 1.17(v), to Deposit Account No. `,
    ),
    depositAccount(input),
    run('.'),
  ]);
}
