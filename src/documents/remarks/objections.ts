/**
 * Objections: to the claims (37 CFR 1.75; MPEP 608.01(n)) and to the specification, abstract,
 * drawings, title or oath (37 CFR 1.71-1.84). 37 CFR 1.111(b) requires a reply to every ground of
 * objection; an objection as to form may be asked to be held in abeyance. Each is restated with
 * the examiner's own words and answered by the amendment this paper makes, with the
 * specification's replacement paragraphs (37 CFR 1.121(b)(1)), the replacement abstract on a
 * separate sheet (37 CFR 1.72(b), 1.121(b)(2)) and labelled drawing sheets (37 CFR 1.121(d)).
 */
import { Paragraph } from 'docx';
import { claimsPhrase, verbFor } from '../format/claim-numbers.ts';
import { draftingNote, para, quote } from '../docx/paragraphs.ts';
import { prompt, run } from '../docx/runs.ts';
import { STYLE } from '../docx/styles.ts';
import { isAmended, type AmendmentPlan } from '../amendment-plan.ts';
import { documentSectionHeading } from '../response-outline.ts';
import type { Ground } from '../types.ts';
import type { RemarksSection } from './allowable.ts';
import { practitionerParagraphs } from './practitioner-text.ts';
import { namedBases, objectionsResolvedByBase } from './objection-bases.ts';

const short = (t: string, max = 700) => {
  const s = t.replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, s.lastIndexOf(' ', max - 20))} …` : s;
};

/** Paragraph numbers the examiner names ("paragraphs [0057], [0067]"). */
function paragraphNumbers(text: string): string[] {
  return [...new Set([...text.matchAll(/\[(\d{3,5})\]/g)].map((m) => m[1]))];
}

const isSpecification = (d: Ground) => d.target === 'specification' || d.target === 'disclosure' || d.target === 'other' || !d.target;

/** "Amendments to the Specification": the instructions and replacement paragraphs (37 CFR 1.121(b)(1)). */
export function specificationAmendments(objections: readonly Ground[]): Paragraph[] {
  const out: Paragraph[] = [];
  for (const d of objections) {
    if (isSpecification(d)) {
      const paras = paragraphNumbers(d.statement.text);
      const list = paras.length ? paras : [''];
      for (const p of list) {
        out.push(para([run('Please replace paragraph '), p ? run(`[${p}]`) : prompt('paragraph number'), run(' with the following amended paragraph:')]));
        out.push(
          new Paragraph({
            style: STYLE.quote,
            children: [
              prompt(
                `full text of paragraph ${p ? `[${p}]` : ''} as amended, with added text underlined and deleted text struck through (or in double brackets for five or fewer characters) (37 C.F.R. § 1.121(b)(1)(ii))`,
              ),
            ],
          }),
        );
      }
    } else if (d.target === 'title') {
      out.push(para([run('Please amend the title to read: '), prompt('new title, as short and specific as possible (37 C.F.R. § 1.72(a))')]));
    } else if (d.target === 'abstract') {
      out.push(
        para(
          'Please replace the abstract of the disclosure with the replacement abstract provided on the separate sheet attached to this paper (37 C.F.R. §§ 1.72(b), 1.121(b)(2)).',
        ),
      );
    }
  }
  return out;
}

export function needsSpecificationSection(objections: readonly Ground[]): boolean {
  return objections.some((d) => isSpecification(d) || d.target === 'title' || d.target === 'abstract');
}

/** "Amendments to the Drawings": replacement and new sheets, labelled in the top margin (37 CFR 1.121(d)). */
export function drawingAmendments(): Paragraph[] {
  return [
    para([
      run('The attached sheet(s) of drawings include changes to '),
      prompt('Fig(s). affected'),
      run(
        '. Each attached replacement sheet, labelled “Replacement Sheet” in its top margin, replaces the original sheet including those figures; any added sheet is labelled “New Sheet” (37 C.F.R. § 1.121(d)). ',
      ),
      prompt('describe the changes made'),
      run('.'),
    ]),
    draftingNote(
      'Prepare each replacement sheet with the label in the top margin (Prosa\'s drawing export writes "Replacement Sheet" or "New Sheet" when asked); an annotated sheet showing the changes may accompany them, labelled "Annotated Sheet Showing Changes" (MPEP 714(II)(D)).',
    ),
  ];
}

/** The replacement abstract on a sheet of its own, after the paper (37 CFR 1.72(b)). */
export function replacementAbstractSheet(): Paragraph[] {
  return [
    new Paragraph({ style: STYLE.heading1, pageBreakBefore: true, children: [run('Abstract')] }),
    para([
      prompt(
        'replacement abstract: a single paragraph of 150 words or fewer, in clean form without markings, beginning on this separate sheet (37 C.F.R. §§ 1.72(b), 1.121(b)(2))',
      ),
    ]),
  ];
}

/** Remarks answering an objection to the specification, abstract, drawings, title or oath. */
export function documentObjectionRemarks(d: Ground, reply?: string): RemarksSection {
  const paragraphs: Paragraph[] = [para('The Office Action states:'), quote(short(d.statement.text))];
  // The practitioner's reply (response plan), in place of the generated one.
  if (reply) {
    paragraphs.push(...practitionerParagraphs(reply), para('Withdrawal of the objection is respectfully requested.'));
    return { heading: documentSectionHeading(d.target ?? undefined), paragraphs };
  }
  switch (d.target) {
    case 'abstract':
      paragraphs.push(
        para([
          run('The abstract has been replaced with the replacement abstract on the attached separate sheet, which '),
          prompt('state the correction, e.g. corrects “mirco” to “micro”'),
          run('. No new matter is added.'),
        ]),
      );
      break;
    case 'drawings':
      paragraphs.push(
        para([
          run('Replacement drawing sheets are submitted herewith under 37 C.F.R. § 1.121(d), which '),
          prompt('state how the replacement sheets answer the objection'),
          run('. No new matter is added.'),
        ]),
      );
      break;
    case 'title':
      paragraphs.push(
        para(
          'The title has been amended as set out above, to be clearly indicative of the invention to which the claims are directed (37 C.F.R. § 1.72(a); MPEP 606.01).',
        ),
      );
      break;
    case 'oath_declaration':
      paragraphs.push(
        para([
          run('Applicant '),
          prompt('submits herewith a substitute declaration under 37 C.F.R. § 1.67, or explains why the declaration complies'),
          run('.'),
        ]),
      );
      break;
    default: {
      const paras = paragraphNumbers(d.statement.text);
      paragraphs.push(
        para([
          run(
            `The specification has been amended${paras.length ? ` at ${paras.length === 1 ? 'paragraph' : 'paragraphs'} ${paras.map((p) => `[${p}]`).join(', ')}` : ''}, as set out in the Amendments to the Specification, to `,
          ),
          prompt('state the correction made'),
          run('. No new matter is added.'),
        ]),
      );
    }
  }
  paragraphs.push(para('Withdrawal of the objection is respectfully requested.'));
  return { heading: documentSectionHeading(d.target ?? undefined), paragraphs };
}

/**
 * Remarks answering the action's objections to claims other than "dependent upon a rejected base
 * claim". Each objection is quoted and answered below its quote; a claim objected to only through
 * a base claim this paper amends is answered by pointing at that amendment, and the claims left as
 * they are get one request, for all of them, that the objections be held in abeyance (issue 19
 * item 9: never the same request twice).
 */
export function claimObjectionRemarks(
  plan: AmendmentPlan,
  objections: readonly Ground[],
  replyFor: (groundId: string) => string | undefined = () => undefined,
): RemarksSection | null {
  const items = objections.filter((o) => o.objection_type !== 'dependent_on_rejected_base');
  if (!items.length) return null;
  const byNumber = new Map(plan.claims.map((c) => [c.claim_number, c]));
  const throughBase = objectionsResolvedByBase(plan, items);
  const explained = new Set<number>();
  const abeyance = new Set<number>();
  let withdrawal = false;
  const replied = new Map<string, readonly number[]>();
  const paragraphs: Paragraph[] = [];
  for (const o of items) {
    const n = o.claims;
    paragraphs.push(para(`${claimsPhrase(n, true)} ${verbFor(n, 'is', 'are')} objected to. The Office Action states:`));
    paragraphs.push(quote(short(o.statement.text)));
    const reply = replyFor(o.id);
    if (reply) {
      // The practitioner's reply (response plan), in place of the generated one; the same reply
      // given to two objections is printed once, and pointed to after that.
      const earlier = replied.get(reply.trim());
      paragraphs.push(
        ...(earlier ? [para(`The reply above to the objection to ${claimsPhrase(earlier)} answers this objection as well.`)] : practitionerParagraphs(reply)),
      );
      if (!earlier) replied.set(reply.trim(), n);
      withdrawal = true;
      continue;
    }
    const amended = n.filter((x) => {
      const c = byNumber.get(x);
      return c ? isAmended(c) : false;
    });
    const canceled = n.filter((x) => {
      const k = byNumber.get(x)?.change.kind;
      return k === 'canceled' || k === 'canceled_into';
    });
    const follows = n.filter((x) => throughBase.has(x) && !amended.includes(x) && !canceled.includes(x));
    const rest = n.filter((x) => !amended.includes(x) && !canceled.includes(x) && !follows.includes(x));
    if (amended.length) {
      const suggested = o.reasoning ? correctionWords(o.reasoning.text) : '';
      const correction = suggested ? `as the Office Action suggests (${suggested})` : null;
      paragraphs.push(
        para(
          correction
            ? `${claimsPhrase(amended, true)} ${verbFor(amended, 'has', 'have')} been amended ${correction}.`
            : [
                run(`${claimsPhrase(amended, true)} ${verbFor(amended, 'has', 'have')} been amended to address the objection by `),
                prompt('describe the correction'),
                run('.'),
              ],
        ),
      );
    }
    if (canceled.length)
      paragraphs.push(
        para(
          `${claimsPhrase(canceled, true)} ${verbFor(canceled, 'has', 'have')} been canceled, rendering the objection moot as to ${verbFor(canceled, 'it', 'them')}.`,
        ),
      );
    for (const [base, deps] of groupByBase(follows, throughBase)) {
      const fresh = deps.filter((x) => !explained.has(x));
      paragraphs.push(
        para(
          fresh.length
            ? `The Office Action objects to ${claimsPhrase(deps)} because of their dependency from claim ${base}, which is amended above to address its own objection; no separate amendment of ${claimsPhrase(deps)} is made.`
            : `This objection rests on the dependency of ${claimsPhrase(deps)} from claim ${base}, and is answered above by the amendment of claim ${base}.`,
        ),
      );
      for (const x of deps) explained.add(x);
    }
    for (const x of rest) abeyance.add(x);
    if (amended.length || canceled.length || follows.length) withdrawal = true;
  }
  if (abeyance.size) {
    const held = [...abeyance];
    paragraphs.push(
      para(
        `Applicant requests that the ${items.length > 1 ? 'objections' : 'objection'} to ${claimsPhrase(held)}, which ${items.length > 1 ? 'concern matters' : 'concerns a matter'} of form not necessary to further consideration of the claims, be held in abeyance until allowable subject matter is indicated (37 C.F.R. § 1.111(b)).`,
      ),
    );
    // Claims objected to only through a held base follow it: the correction is the base's.
    const followers = held.filter((n) => items.some((o) => o.claims.includes(n) && namedBases(o).some((b) => abeyance.has(b))));
    const fix = held.filter((n) => !followers.includes(n));
    paragraphs.push(
      draftingNote(
        `Better: correct ${claimsPhrase(fix.length ? fix : held)} now (select amend_clarify and supply the claim text), since the Examiner will insist on the correction before allowance${fix.length && followers.length ? `; the objection to ${claimsPhrase(followers)} rests on ${verbFor(followers, 'its', 'their')} dependency from it` : ''}.`,
      ),
    );
  }
  if (withdrawal) paragraphs.push(para(`Withdrawal of the ${items.length > 1 ? 'objections' : 'objection'} is respectfully requested.`));
  return { heading: 'Objections to the Claims', paragraphs };
}

/**
 * The examiner's correction in a phrase: the reasoning without the sentences that object to other
 * claims through their dependency (they are answered on their own), clipped, first word lowered.
 */
function correctionWords(reasoning: string): string {
  const own = reasoning
    .split(/(?<=\.)\s+/)
    .filter((sentence) => !/^claims?\s+[\d\s,\-–and]+(?:is|are)\s+objected\b/i.test(sentence.trim()))
    .join(' ');
  const text = short(own, 200).replace(/[.\s]+$/, '');
  return /^(?:The|This|These)\b/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}

/** Claims by the base claim their objection rests on, in claim order. */
function groupByBase(claims: readonly number[], base: ReadonlyMap<number, number>): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const n of claims) out.set(base.get(n)!, [...(out.get(base.get(n)!) ?? []), n]);
  return out;
}
