/**
 * The claim listing of 37 CFR 1.121(c): every claim ever presented, in ascending order, each with
 * its number, a status identifier in parentheses, and its text:
 * - (Currently Amended) claims marked against their prior version (1.121(c)(2));
 * - (Original), (Previously Presented) and (Withdrawn) claims in clean text (1.121(c)(3));
 * - (Canceled) claims without text, consecutive ones aggregated "5-7. (Canceled)" (1.121(c)(4)(i)).
 * Where the claims' text was not supplied, a bracketed placeholder says what to insert.
 */
import { Paragraph } from 'docx';
import { markClaimAmendment, type MarkedRun } from '../domain/claims/claim-amendments.ts';
import { formatClaimNumbers } from './format/claim-numbers.ts';
import { markedClaimRuns, prompt, run } from './docx/runs.ts';
import { STYLE } from './docx/styles.ts';
import { isAmended, type AmendmentPlan, type PlannedClaim } from './amendment-plan.ts';

/** The sentence 37 CFR 1.121(c) practice opens the listing with (MPEP 714). */
const LISTING_STATEMENT = 'This listing of claims will replace all prior versions, and listings, of claims in the application.';

/** How an amendment reads in a placeholder: "as currently amended to incorporate the limitations of claim 5". */
function amendmentDescription(c: PlannedClaim): string {
  switch (c.change.kind) {
    case 'incorporates':
      return `as currently amended to incorporate the limitations of claim ${formatClaimNumbers(c.change.dependents)}`;
    case 'narrowed':
      return c.change.purpose === 'narrow'
        ? 'as currently amended with the narrowing limitation'
        : 'as currently amended to overcome the rejection or objection';
    case 'rewritten_independent':
      return c.change.chain?.length
        ? `rewritten in independent form, including all of the limitations of base claim ${c.change.chain[0]} and any intervening claims`
        : 'rewritten in independent form, including all of the limitations of its base claim and any intervening claims';
    case 'dependency_updated':
      return `as currently amended to depend from claim ${c.change.to} instead of canceled claim ${c.change.from}`;
    default:
      return 'as currently amended';
  }
}

const MARKING = 'with additions underlined and deletions struck through (or in double brackets for five or fewer characters)';

/** The runs after "N. (Identifier) ". */
function claimBody(c: PlannedClaim): MarkedRun[] {
  const n = c.claim_number;
  if (c.identifier === null) {
    return [{ text: `[Insert the status identifier and text of claim ${n}: its status was not provided]`, mark: 'placeholder' }];
  }
  if (c.identifier === 'Canceled') return [];
  if (!isAmended(c)) {
    return c.old_text
      ? [{ text: c.old_text, mark: 'none' }]
      : [{ text: `[Insert the text of claim ${n} as it currently stands, without markings]`, mark: 'placeholder' }];
  }
  if (c.old_text && c.new_text) return markClaimAmendment(c.old_text, c.new_text);
  if (c.old_text && c.change.kind === 'narrowed' && c.change.purpose === 'narrow') {
    // The limitation is the practitioner's to write: shown where it goes, as an underlined addition.
    const base = c.old_text.replace(/\s*\.\s*$/, '');
    return [
      { text: base, mark: 'none' },
      { text: ', [insert the narrowing limitation, underlined]', mark: 'prompt' },
      { text: '.', mark: 'none' },
    ];
  }
  if (c.old_text) {
    return [
      { text: c.old_text, mark: 'none' },
      { text: ` [Replace the text above with the text of claim ${n} ${amendmentDescription(c)}, ${MARKING}]`, mark: 'placeholder' },
    ];
  }
  return [{ text: `[Insert the text of claim ${n} ${amendmentDescription(c)}, ${MARKING}]`, mark: 'placeholder' }];
}

function claimParagraph(label: string, identifier: string, body: MarkedRun[]): Paragraph {
  return new Paragraph({
    style: STYLE.claim,
    children: [run(`${label}. (${identifier})${body.length ? ' ' : ''}`), ...markedClaimRuns(body)],
  });
}

export function claimListing(plan: AmendmentPlan): Paragraph[] {
  const out: Paragraph[] = [
    new Paragraph({ style: STYLE.normal, children: [run(LISTING_STATEMENT)] }),
    new Paragraph({ style: STYLE.normal, children: [run('Listing of Claims:', { bold: true })] }),
  ];
  const claims = plan.claims;
  for (let i = 0; i < claims.length; i++) {
    const c = claims[i];
    if (c.identifier === 'Canceled') {
      let j = i;
      while (j + 1 < claims.length && claims[j + 1].identifier === 'Canceled') j++;
      const label = j > i ? `${c.claim_number}-${claims[j].claim_number}` : String(c.claim_number);
      out.push(claimParagraph(label, 'Canceled', []));
      i = j;
      continue;
    }
    if (c.identifier === null) {
      out.push(
        new Paragraph({
          style: STYLE.claim,
          children: [run(`${c.claim_number}. `), prompt(`Insert the status identifier and text of claim ${c.claim_number}: its status was not provided`)],
        }),
      );
      continue;
    }
    out.push(claimParagraph(String(c.claim_number), c.identifier, claimBody(c)));
  }
  return out;
}
