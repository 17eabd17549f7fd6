/**
 * An unbilled text outline of the paper a plan will produce: its sections in the order the
 * response builder writes them, what each will say, and the placeholders a practitioner will
 * still have to fill. It is an outline computed from the plan, not the rendered paper; a
 * placeholder is counted for each item only a person can supply that the plan does not hold:
 * a claim's text the listing needs, an amendment not written, an argument not written, an
 * election not made, a traverse without reasons, a reply to an objection. The remarks on an
 * amendment always leave two for the practitioner (where the specification supports it, and how
 * it overcomes the ground: 37 CFR 1.111(c)).
 *
 * Given the paper's own count (PaperCount: the paper built as the draft job builds it, not
 * rendered), the sections carry the paper's places instead of the estimate, each part of the
 * paper under the section that describes it, so the total is the number the paper prints.
 */
import { formatClaimList } from '../office-action/claim-lists.ts';
import { changesClaims, completenessOf, type CompletenessReport } from './completeness.ts';
import type { ClaimView, PlanView } from './plan.ts';
import { AMENDING, ARGUING } from './strategies.ts';
import type { Ground } from './types.ts';

export interface PreviewSection {
  heading: string;
  says: string[];
  placeholders: number;
}

export interface PlanPreview {
  title: string;
  sections: PreviewSection[];
  placeholders_total: number;
  /**
   * Where the counts come from: `paper`, the paper built as the draft job builds it (the count
   * its first page will print); `paper_before_model`, the same before a configured language model
   * explains charted limitations (the most the paper will hold); `outline`, this outline's
   * estimate, when the paper cannot be built now.
   */
  placeholders_source: 'paper' | 'paper_before_model' | 'outline';
  complete: boolean;
  missing_count: number;
}

/** The places of the built paper, by part (documents/build-response.ts `tallyResponse`). */
export interface PaperCount {
  placeholders: number;
  by_part: Readonly<Record<string, number>>;
  exact: boolean;
}

const REMARKS_PER_AMENDMENT = 2;

const KIND_WORDS: Readonly<Record<string, string>> = {
  non_final: 'non-final Office action',
  final: 'final Office action',
  restriction: 'restriction requirement',
  requirement_for_information: 'requirement for information',
  quayle: 'Ex parte Quayle action',
  notice_of_allowance: 'notice of allowance',
  other: 'Office action',
};

const claimsWord = (claims: readonly number[]) => `${claims.length === 1 ? 'Claim' : 'Claims'} ${formatClaimList(claims)}`;

function words(text: string): number {
  return text.trim().split(/\s+/).filter(Boolean).length;
}

function excerpt(text: string, max = 160): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

function titleOf(view: PlanView, amends: boolean): string {
  switch (view.kind) {
    case 'restriction':
      return 'RESPONSE TO RESTRICTION REQUIREMENT';
    case 'requirement_for_information':
      return 'RESPONSE TO REQUIREMENT FOR INFORMATION UNDER 37 C.F.R. § 1.105';
    case 'final':
      return amends ? 'AMENDMENT AND RESPONSE UNDER 37 C.F.R. § 1.116' : 'RESPONSE UNDER 37 C.F.R. § 1.116';
    default:
      return amends ? 'AMENDMENT AND RESPONSE UNDER 37 C.F.R. § 1.111' : 'RESPONSE UNDER 37 C.F.R. § 1.111';
  }
}

function amended(c: ClaimView): boolean {
  return AMENDING.has(c.strategy) && c.amended_text !== null && c.original_text !== null && c.markup !== null && !c.markup.unchanged;
}

function listingSection(view: PlanView): PreviewSection {
  const says: string[] = ['States that the listing replaces all prior versions and listings of claims (37 CFR 1.121(c)).'];
  let placeholders = 0;
  const withdrawn = new Set(view.election?.withdrawn_claims ?? []);
  for (const c of view.claims) {
    const n = c.claim_number;
    if (c.status === 'cancelled' || c.strategy === 'cancel') {
      says.push(`${n}. (Canceled)`);
      continue;
    }
    const w = c.status === 'withdrawn' || withdrawn.has(n);
    if (AMENDING.has(c.strategy)) {
      if (amended(c))
        says.push(
          `${n}. (${w ? 'Withdrawn - Currently Amended' : 'Currently Amended'}) marked up: ${c.markup!.added_chars} characters added, ${c.markup!.deleted_chars} deleted.`,
        );
      else {
        placeholders++;
        says.push(
          `${n}. (${w ? 'Withdrawn - Currently Amended' : 'Currently Amended'}) [placeholder: ${c.amended_text === null ? 'the amended text' : 'the claim as it now stands, to mark the amendment against'}]`,
        );
      }
      continue;
    }
    const id = w ? 'Withdrawn' : 'Original';
    if (c.original_text !== null) says.push(`${n}. (${id}) clean text as given.`);
    else {
      placeholders++;
      says.push(`${n}. (${id}) [placeholder: the claim's text]`);
    }
  }
  return { heading: 'Amendments to the Claims', says, placeholders };
}

function statusSection(view: PlanView): PreviewSection {
  const pendingAfter = view.claims.filter((c) => c.status !== 'cancelled' && c.strategy !== 'cancel').map((c) => c.claim_number);
  const cancelled = view.claims.filter((c) => c.status !== 'cancelled' && c.strategy === 'cancel').map((c) => c.claim_number);
  const amendedNow = view.claims.filter(amended).map((c) => c.claim_number);
  const says = [
    pendingAfter.length
      ? `${claimsWord(pendingAfter)} ${pendingAfter.length === 1 ? 'is' : 'are'} pending after this reply.`
      : 'No claim is pending after this reply.',
  ];
  if (amendedNow.length) says.push(`${claimsWord(amendedNow)} ${amendedNow.length === 1 ? 'is' : 'are'} amended.`);
  if (cancelled.length) says.push(`${claimsWord(cancelled)} ${cancelled.length === 1 ? 'is' : 'are'} cancelled without prejudice or disclaimer.`);
  const orphans = view.claims
    .filter((c) => c.strategy !== 'cancel' && c.depends_on_after !== null && cancelled.includes(c.depends_on_after))
    .map((c) => c.claim_number);
  if (orphans.length) says.push(`Drafting note: ${claimsWord(orphans)} still ${orphans.length === 1 ? 'depends' : 'depend'} from a cancelled claim.`);
  return { heading: 'Status of the Claims', says, placeholders: 0 };
}

function electionSection(view: PlanView, ground: Ground | undefined): PreviewSection {
  const e = view.election;
  const says: string[] = [];
  let placeholders = 0;
  if (!e) {
    placeholders++;
    says.push('Applicant elects [placeholder: the group and its claims], with or without traverse.');
  } else {
    const elected = e.elected_claims.length ? `, ${claimsWord(e.elected_claims).toLowerCase()}` : ' [placeholder: the elected claims]';
    if (!e.elected_claims.length) placeholders++;
    says.push(`Applicant elects ${e.group ? `Group ${e.group}` : 'the invention'}${elected}, ${e.traverse ? 'with' : 'without'} traverse.`);
    if (e.species) says.push(`Applicant further elects species ${e.species}.`);
    if (e.traverse) {
      const arg = ground ? view.arguments[ground.id] : undefined;
      if (arg) says.push(`The traverse: the practitioner's reasons (${words(arg.text)} words): “${excerpt(arg.text)}”`);
      else {
        placeholders++;
        says.push('The traverse: [placeholder: why the inventions are not distinct, or searching them together is no serious burden (MPEP 803)].');
      }
    }
    if (e.withdrawn_claims.length)
      says.push(
        `${claimsWord(e.withdrawn_claims)} ${e.withdrawn_claims.length === 1 ? 'is' : 'are'} withdrawn as drawn to a non-elected invention (37 CFR 1.142(b)).`,
      );
  }
  return { heading: 'Election', says, placeholders };
}

function objectionsSection(view: PlanView, report: CompletenessReport): PreviewSection | null {
  // Objections to claims as dependent on a rejected base claim, without a reply of the
  // practitioner's, are dealt with under Allowable Subject Matter (as the builder writes them).
  const grounds = view.grounds.filter(
    (g) => g.kind === 'document_objection' || (g.kind === 'claim_objection' && (g.objection_type !== 'dependent_on_rejected_base' || view.arguments[g.id])),
  );
  if (!grounds.length) return null;
  const says: string[] = [];
  let placeholders = 0;
  for (const g of grounds) {
    const arg = view.arguments[g.id];
    const status = report.grounds.find((s) => s.ground_id === g.id)!;
    if (arg) says.push(`${g.title}: the practitioner's reply (${words(arg.text)} words): “${excerpt(arg.text)}”`);
    else if (status.answered)
      says.push(`${g.title}: ${status.answered_by.map((a) => `${a.claims.length ? `${claimsWord(a.claims)} ` : ''}${HOW[a.how]}`).join('; ')}.`);
    else {
      placeholders++;
      says.push(`${g.title}: [placeholder: the reply to the objection]`);
    }
  }
  return { heading: 'Objections', says, placeholders };
}

const HOW: Readonly<Record<string, string>> = {
  cancelled: 'cancelled, so the ground is moot',
  previously_cancelled: 'already cancelled',
  amended: 'amended (see the listing); the remarks explain the support and how the amendment overcomes the ground',
  through_amended_base: 'patentable through the amended base claim',
  argued: "argued in the practitioner's words",
  terminal_disclaimer: 'a terminal disclaimer is filed over the reference patent or application',
  abeyance: 'the objection is asked to be held in abeyance until allowable subject matter is agreed (37 CFR 1.111(b))',
  replied: "answered in the practitioner's words",
  election: 'elected',
  information: 'the information is given',
};

function rejectionSection(g: Ground, view: PlanView, report: CompletenessReport): PreviewSection {
  const status = report.grounds.find((s) => s.ground_id === g.id)!;
  const says: string[] = [`Restates the rejection: “${excerpt(g.statement.text, 200)}”`];
  let placeholders = 0;
  const arg = view.arguments[g.id];
  // The claims this ground is argued for: each ground's own answer (ground-answers.ts), not only the claim's strategy.
  const argued = g.claims.filter((n) => {
    const c = view.claims.find((x) => x.claim_number === n);
    return ARGUING.has(c?.ground_answers.find((x) => x.ground_id === g.id)?.answer ?? c?.strategy ?? 'no_action');
  });
  if (arg && argued.length)
    says.push(`For ${claimsWord(argued).toLowerCase()}: the practitioner's argument (${words(arg.text)} words): “${excerpt(arg.text)}”`);
  else if (arg) says.push(`The practitioner's argument (${words(arg.text)} words): “${excerpt(arg.text)}”`);
  for (const a of status.answered_by) {
    if (a.how === 'argued') continue;
    says.push(`${claimsWord(a.claims)}: ${a.how === 'through_amended_base' ? `patentable through amended claim ${a.base}` : HOW[a.how]}.`);
    if (a.how === 'amended') placeholders += REMARKS_PER_AMENDMENT * a.claims.length;
  }
  for (const u of status.unanswered) {
    placeholders += 1;
    says.push(`[placeholder: ${u.claims.length ? `${claimsWord(u.claims)}: ` : ''}${u.reason}]`);
  }
  if (status.answered) says.push('Requests withdrawal of the rejection.');
  return { heading: g.title, says, placeholders };
}

function allowableSection(view: PlanView): PreviewSection | null {
  const allowed = view.claims.filter((c) => c.status === 'allowed').map((c) => c.claim_number);
  const objected = view.claims.filter((c) => c.status === 'objected').map((c) => c.claim_number);
  if (!allowed.length && !objected.length) return null;
  const says: string[] = [];
  if (allowed.length)
    says.push(`Thanks the Examiner for indicating that ${claimsWord(allowed).toLowerCase()} ${allowed.length === 1 ? 'is' : 'are'} allowed or allowable.`);
  if (objected.length)
    says.push(`States what the reply does with objected ${claimsWord(objected).toLowerCase()} (rewritten, incorporated, or held in abeyance).`);
  return { heading: 'Allowable Subject Matter', says, placeholders: 0 };
}

/** The outline, in the builder's order: listing, status, election, objections, rejections, allowable matter, conclusion. */
export function previewOf(view: PlanView, report: CompletenessReport = completenessOf(view), paper?: PaperCount): PlanPreview {
  const amends = changesClaims(view);
  const sections: { part: string; section: PreviewSection }[] = [];
  const add = (part: string, section: PreviewSection) => sections.push({ part, section });
  const intro: PreviewSection = {
    heading: 'Introduction',
    says: [
      `Replies to the ${KIND_WORDS[view.kind]}${view.mailing_date ? ` mailed ${view.mailing_date}` : ''}${amends ? ', with the amendments and remarks below' : ', with the remarks below'}.`,
    ],
    placeholders: 0,
  };
  if (!report.complete)
    intro.says.push(
      `The plan is incomplete (${report.missing.length} item${report.missing.length === 1 ? '' : 's'} missing): submitting it needs accept_incomplete, and the paper then opens with a drafting note listing what is missing.`,
    );
  add('intro', intro);
  if (amends) add('listing', listingSection(view));
  add('status', statusSection(view));
  const restriction = view.grounds.find((g) => g.kind === 'restriction');
  if (view.kind === 'restriction' || restriction) add('election', electionSection(view, restriction));
  const info = view.grounds.find((g) => g.kind === 'information_requirement');
  if (info) {
    const arg = view.arguments[info.id];
    add('information', {
      heading: 'Requirement for Information',
      says: [
        arg
          ? `The information, in the practitioner's words (${words(arg.text)} words).`
          : '[placeholder: each item of information required, or a statement that it is unknown or not readily available (37 CFR 1.105(a)(3))]',
      ],
      placeholders: arg ? 0 : 1,
    });
  }
  const objections = objectionsSection(view, report);
  if (objections) add('objections', objections);
  for (const g of view.grounds.filter((x) => x.kind === 'rejection')) add(`ground:${g.id}`, rejectionSection(g, view, report));
  const allowable = allowableSection(view);
  if (allowable) add('allowable', allowable);
  add('conclusion', {
    heading: 'Conclusion',
    says: ['Requests reconsideration and allowance, invites a telephone call, and authorizes fees to the deposit account; the signature block follows.'],
    placeholders: 0,
  });
  if (paper) withPaperCounts(sections, paper);
  return {
    title: titleOf(view, amends),
    sections: sections.map((s) => s.section),
    placeholders_total: sections.reduce((s, x) => s + x.section.placeholders, 0),
    placeholders_source: !paper ? 'outline' : paper.exact ? 'paper' : 'paper_before_model',
    complete: report.complete,
    missing_count: report.missing.length,
  };
}

const PART_HEADINGS: Readonly<Record<string, string>> = {
  listing: 'Amendments to the Claims',
  status: 'Status of the Claims',
  election: 'Election',
  information: 'Requirement for Information',
  objections: 'Objections',
  allowable: 'Allowable Subject Matter',
};

/**
 * The paper's places in place of the estimate: each part of the paper under the section that
 * describes it (a paper section answering several grounds under the first of them), a part this
 * outline has no section for in a section of its own before the conclusion, and places made
 * outside any part under the conclusion. The sections then sum to the paper's count.
 */
function withPaperCounts(sections: { part: string; section: PreviewSection }[], paper: PaperCount): void {
  for (const s of sections) s.section.placeholders = 0;
  const conclusion = sections[sections.length - 1]!.section;
  for (const [part, n] of Object.entries(paper.by_part)) {
    if (!n) continue;
    const ids = part.startsWith('ground:') ? part.slice('ground:'.length).split(',') : null;
    const target = ids ? sections.find((s) => ids.some((id) => s.part === `ground:${id}`)) : sections.find((s) => s.part === part);
    if (target) target.section.placeholders += n;
    else if (PART_HEADINGS[part]) sections.splice(sections.length - 1, 0, { part, section: { heading: PART_HEADINGS[part]!, says: [], placeholders: n } });
    else conclusion.placeholders += n;
  }
}
