/**
 * Grounds answered by amending or cancelling claims. 37 CFR 1.111(c): an amendment must "clearly
 * point out the patentable novelty" and "show how the amendments avoid such references or
 * objections"; support in the application as filed is cited (35 U.S.C. 132(a), no new matter).
 * How an amendment overcomes the ground is said in the ground family's own terms.
 */
import type { Paragraph } from 'docx';
import { dependentLimitations, parentClaimOf, stripClaimNumber } from '../../../domain/claims/claim-text.ts';
import { claimsPhrase, verbFor } from '../../format/claim-numbers.ts';
import { para, quote } from '../../docx/paragraphs.ts';
import { prompt, run, type Inline } from '../../docx/runs.ts';
import { addedWords, diffWords } from '../../../domain/claims/claim-amendments.ts';
import type { PlannedClaim } from '../../amendment-plan.ts';
import type { RejectionGround } from '../../rejection-grounds.ts';
import { agree, nums, refs, type GroundContext } from './shared.ts';
import { amendedOverArt } from './prior-art.ts';
import { amendedEligibility, nonTransitoryAmendment } from './eligibility.ts';
import { amendedDefiniteness } from './definiteness.ts';
import { amendedDistinctness } from './double-patenting.ts';

export function incorporates(g: RejectionGround, claims: readonly PlannedClaim[], ctx: GroundContext): Paragraph[] {
  const out: Paragraph[] = [];
  const byNumber = new Map(ctx.plan.claims.map((c) => [c.claim_number, c]));
  for (const c of claims) {
    if (c.change.kind !== 'incorporates') continue;
    const deps = c.change.dependents;
    const depPhrase = claimsPhrase(deps);
    out.push(
      para(
        `Without acquiescing in the rejection, and solely to advance prosecution, claim ${c.claim_number} has been amended to incorporate the limitations of ${depPhrase}, ` +
          `which the Office Action indicated would be allowable if rewritten in independent form including all of the limitations of the base claim and any intervening claims. ` +
          `${claimsPhrase(deps, true)} ${verbFor(deps, 'has', 'have')} been canceled.`,
      ),
    );
    const added = deps.map((d) => byNumber.get(d)?.old_text).map((t) => (t ? dependentLimitations(t) : null));
    if (added.every((a): a is string => Boolean(a))) {
      out.push(para(`Amended claim ${c.claim_number} thus further recites:`));
      for (const a of added) out.push(quote(a));
    }
    const depsRejectedHere = deps.some((d) => ctx.grounds.some((x) => x.family === g.family && x.claims.includes(d)));
    if (g.family === '102' || g.family === '103') {
      out.push(
        para(
          `${claimsPhrase(deps, true)} ${verbFor(deps, 'was', 'were')} not rejected over ${refs(g)}; the Office Action objected to ${verbFor(deps, 'it', 'them')} only as depending from a rejected base claim. ` +
            `${refs(g)} therefore ${g.family === '103' ? agree(g, 'does not teach or suggest', 'do not teach or suggest') : agree(g, 'does not disclose', 'do not disclose')} the subject matter of amended claim ${c.claim_number}, and the amendment overcomes the rejection (37 C.F.R. § 1.111(c)).`,
        ),
      );
    } else if (!depsRejectedHere) {
      out.push(
        para([
          run(
            `${claimsPhrase(deps, true)} ${verbFor(deps, 'was', 'were')} not rejected under ${g.citation}, and amended claim ${c.claim_number} includes ${verbFor(deps, 'its', 'their')} limitations.`,
          ),
          ...(ctx.argued
            ? []
            : [run(' '), prompt(`Confirm, and explain if needed, how amended claim ${c.claim_number} overcomes the rejection under ${g.citation}`), run('.')]),
        ]),
      );
    } else if (!ctx.argued) {
      out.push(para([prompt(`Explain how amended claim ${c.claim_number} overcomes the rejection under ${g.citation}`), run('.')]));
    }
  }
  return out;
}

const isCorrecting = (c: PlannedClaim) => c.change.kind === 'narrowed' && c.change.purpose === 'correct';

/**
 * Correcting amendments (`amend_clarify`) under a ground whose answer does not turn on the claim
 * (112, a judicial-exception 101, another statute) share one answer: the claims are named once and
 * the practitioner describes the amendments once (issue 11, finding 8: no block per claim).
 */
function correctedTogether(g: RejectionGround, claims: readonly PlannedClaim[], ctx: GroundContext | undefined): Paragraph[] {
  const n = nums(claims);
  const where = ctx?.stated?.get(n[0]);
  const out =
    where !== undefined && n.every((x) => ctx?.stated?.get(x) === where)
      ? [para(`${claimsPhrase(n, true)} are amended as set out above in reply to the rejection under ${where}.`)]
      : [
          para([
            run(`Without acquiescing in the rejection, ${claimsPhrase(n)} have been amended to `),
            prompt('describe the amendments'),
            run('. Support for the amendments is found in the application as filed at, e.g., '),
            prompt('cite paragraphs and figures'),
            run('; no new matter is added (35 U.S.C. 132(a)).'),
          ]),
        ];
  for (const x of n) if (!ctx?.stated?.has(x)) ctx?.stated?.set(x, g.citation);
  if (ctx?.argued) return out;
  if (g.family === '112(b)' || g.family === '112') out.push(amendedDefiniteness(true));
  else if (g.family === '101') out.push(amendedEligibility(g, n));
  else
    out.push(
      para([
        run(`The amendments overcome the rejection under ${g.citation} because `),
        prompt('explain, addressing the reasons the Office Action gives'),
        run('.'),
      ]),
    );
  return out;
}

const GROUPED_FAMILIES: ReadonlySet<string> = new Set(['112(b)', '112', '101', '112(a)', '112(d)', '112(f)', 'other']);

const added = (c: PlannedClaim) => (c.old_text && c.new_text ? addedWords(c.old_text, c.new_text) : '');

/**
 * A correcting amendment in words, read from its markup: the dependency changed, one passage
 * replaced, added or deleted; null when the markup holds more than one change (the listing shows
 * them) or is not held.
 */
function correctionWords(c: PlannedClaim): { words: string; dependencyOnly: boolean } | null {
  if (!c.old_text || !c.new_text) return null;
  const from = parentClaimOf(c.old_text);
  const to = parentClaimOf(c.new_text);
  const ops = diffWords(stripClaimNumber(c.old_text), stripClaimNumber(c.new_text));
  const hunks: { deleted: string; inserted: string }[] = [];
  let open = false;
  for (const o of ops) {
    if (o.op === 'equal' && /\S/.test(o.text)) {
      open = false;
      continue;
    }
    if (o.op === 'equal') continue;
    if (!open) {
      hunks.push({ deleted: '', inserted: '' });
      open = true;
    }
    const h = hunks[hunks.length - 1];
    if (o.op === 'delete') h.deleted += o.text;
    else h.inserted += o.text;
  }
  const trim = (t: string) => t.replace(/^[\s,;]+|[\s,;.]+$/g, '');
  if (hunks.length !== 1) return null;
  const d = trim(hunks[0].deleted);
  const i = trim(hunks[0].inserted);
  if (from !== to && typeof from === 'number' && typeof to === 'number' && /^\d+$/.test(d) && /^\d+$/.test(i)) {
    return { words: `to depend from claim ${to} instead of claim ${from}`, dependencyOnly: true };
  }
  if (d && i) return { words: `to recite “${i}” in place of “${d}”`, dependencyOnly: false };
  if (i) return { words: `to recite “${i}”`, dependencyOnly: false };
  if (d) return { words: `to delete “${d}”`, dependencyOnly: false };
  return null;
}

/**
 * "to recite “…”" with the words the markup adds, a correction in words, or a place for them when
 * they are not known (issue 19 B4: never a place for what the markup already holds).
 */
function whatWasAdded(c: PlannedClaim, correcting: boolean, several = false): Inline[] {
  if (correcting) {
    const w = correctionWords(c);
    if (w) return [run(w.words)];
    return c.old_text && c.new_text ? [run('as shown in the listing of claims')] : [run('to '), prompt('describe the amendment')];
  }
  const a = added(c);
  return a ? [run(`to recite “${a}”`)] : [run('to recite '), prompt(several ? 'quote the limitation added to each claim' : 'quote the added limitation')];
}

/**
 * Where the specification supports the added words. The file's support search finds paragraphs
 * of the held specification containing the added words: a suggestion the practitioner confirms,
 * never stated as the support (issue 19 A11, B9); without one, a place to cite it.
 */
function supportCite(c: PlannedClaim, ctx: GroundContext | undefined): Inline[] {
  const found = ctx?.file?.support[c.claim_number]?.citation;
  return found
    ? [
        prompt(
          `suggested support: ${found.replace(/^see, e\.g\., /, '')} of the held specification contains the added words; confirm, or cite other paragraphs and figures`,
        ),
      ]
    : [prompt('cite paragraphs and figures')];
}

/** What states the amendment of a claim: claims whose statements would read the same are stated together. */
function statementKey(c: PlannedClaim, ctx: GroundContext | undefined): string | null {
  if (isCorrecting(c)) return null;
  const a = added(c);
  // Claims narrowed with limitations not yet written share one place for them (issue 11 finding 8: no block per claim).
  if (!a && c.new_text) return null;
  return `${a || '?'}|${ctx?.file?.support[c.claim_number]?.citation ?? ''}|${ctx?.stated?.get(c.claim_number) ?? ''}`;
}

/** "Claims 1, 7, and 14 have been amended to recite “…”. Support ...", or, said above already, where. */
function amendmentStatement(g: RejectionGround, group: readonly PlannedClaim[], ctx: GroundContext | undefined): Paragraph {
  const n = nums(group);
  const c = group[0];
  const where = ctx?.stated?.get(c.claim_number);
  if (where !== undefined)
    return para(`${claimsPhrase(n, true)} ${verbFor(n, 'is', 'are')} amended as set out above in reply to the rejection under ${where}.`);
  for (const x of n) ctx?.stated?.set(x, g.citation);
  const correcting = isCorrecting(c);
  const words = whatWasAdded(c, correcting, n.length > 1);
  const dependencyOnly = correcting && correctionWords(c)?.dependencyOnly === true;
  return para([
    run(`Without acquiescing in the rejection, ${claimsPhrase(n)} ${verbFor(n, 'has', 'have')} been amended `),
    ...words,
    ...(dependencyOnly
      ? [run('.')]
      : [
          run(`. Support for the ${n.length > 1 ? 'amendments' : 'amendment'} is found in the application as filed at, e.g., `),
          ...supportCite(c, ctx),
          run('; no new matter is added (35 U.S.C. 132(a)).'),
        ]),
  ]);
}

export function narrowed(g: RejectionGround, claims: readonly PlannedClaim[], ctx?: GroundContext): Paragraph[] {
  const out: Paragraph[] = [];
  const groupable =
    GROUPED_FAMILIES.has(g.family) && !(g.family === '101' && g.subtype === 'signal_per_se')
      ? claims.filter((c) => isCorrecting(c) && !(c.old_text && c.new_text))
      : [];
  if (groupable.length > 1) out.push(...correctedTogether(g, groupable, ctx));
  const blocks = new Map<string, PlannedClaim[]>();
  for (const c of claims) {
    if (groupable.length > 1 && groupable.includes(c)) continue;
    const key = statementKey(c, ctx) ?? `#${c.claim_number}`;
    blocks.set(key, [...(blocks.get(key) ?? []), c]);
  }
  for (const group of blocks.values()) {
    const c = group[0];
    const n = nums(group);
    const correcting = isCorrecting(c);
    if (correcting && g.family === '101' && g.subtype === 'signal_per_se' && c.new_text) {
      if (ctx?.stated?.has(c.claim_number)) out.push(amendmentStatement(g, group, ctx));
      else {
        ctx?.stated?.set(c.claim_number, g.citation);
        out.push(nonTransitoryAmendment(c.claim_number));
      }
    } else out.push(amendmentStatement(g, group, ctx));
    // The practitioner's argument on this ground says how the amendment overcomes it.
    if (ctx?.argued) continue;
    // Made only where it is placed: a prompt counts as a place to fill when it is made (countPlaceholders).
    const why = () => prompt('explain, addressing the passages the Office Action relies on');
    switch (g.family) {
      case '102':
      case '103':
        // A correction adds no limitation over the art: the claim is argued as amended, never "the added limitation".
        out.push(
          correcting
            ? para([run(`As amended, ${claimsPhrase(n)} ${verbFor(n, 'is', 'are')} patentable over ${refs(g)} because `), why(), run('.')])
            : amendedOverArt(g, n, why()),
        );
        break;
      case '101':
        out.push(amendedEligibility(g, n));
        break;
      case '112(b)':
      case '112':
        out.push(amendedDefiniteness(n.length > 1));
        break;
      case 'DP':
        out.push(amendedDistinctness(g, n));
        break;
      default:
        out.push(
          para([run(`The ${n.length > 1 ? 'amendments overcome' : 'amendment overcomes'} the rejection under ${g.citation} because `), why(), run('.')]),
        );
    }
  }
  return out;
}

export function narrowedThrough(g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  const byBase = new Map<number, number[]>();
  for (const c of claims) byBase.set(c.narrowed_through!, [...(byBase.get(c.narrowed_through!) ?? []), c.claim_number]);
  return [...byBase].map(([base, d]) =>
    para(
      `${claimsPhrase(d, true)} ${verbFor(d, 'depends', 'depend')}, directly or indirectly, from amended claim ${base} and ${verbFor(d, 'is', 'are')} patentable over ${refs(g)} for at least the same reasons.`,
    ),
  );
}

export function canceled(g: RejectionGround, claims: readonly PlannedClaim[], ctx?: GroundContext): Paragraph[] {
  const n = nums(claims);
  // Said once, in full; after that the rejection is only said to be moot.
  const where = ctx?.stated?.get(n[0]);
  if (where !== undefined && n.every((x) => ctx?.stated?.get(x) === where)) {
    return [
      para(
        `${claimsPhrase(n, true)} ${verbFor(n, 'has', 'have')} been canceled, as stated above in reply to the rejection under ${where}; the rejection of ${claimsPhrase(n)} is therefore moot.`,
      ),
    ];
  }
  for (const x of n) if (!ctx?.stated?.has(x)) ctx?.stated?.set(x, g.citation);
  return [
    para(
      `${claimsPhrase(n, true)} ${verbFor(n, 'has', 'have')} been canceled without prejudice to or disclaimer of the subject matter ${verbFor(n, 'it recites', 'they recite')}, ` +
        `and the rejection of ${claimsPhrase(n)} is therefore moot. Applicant reserves the right to pursue the canceled subject matter in this or a continuing application.`,
    ),
  ];
}

export function canceledInto(_g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  return claims.map((c) =>
    para(
      `Claim ${c.claim_number} has been canceled, its limitations having been incorporated into claim ${c.change.kind === 'canceled_into' ? c.change.into : ''}; the rejection of claim ${c.claim_number} is moot.`,
    ),
  );
}

export function rewritten(g: RejectionGround, claims: readonly PlannedClaim[], ctx?: GroundContext): Paragraph[] {
  return claims.map((c) =>
    para([
      run(`Claim ${c.claim_number} has been rewritten in independent form including all of the limitations of its base claim and any intervening claims.`),
      ...(ctx?.argued ? [] : [run(' '), prompt(`Explain how rewritten claim ${c.claim_number} overcomes the rejection under ${g.citation}`), run('.')]),
    ]),
  );
}
