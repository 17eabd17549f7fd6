/**
 * The 37 CFR 1.121(c)(2) markup of an amended claim against the claim as it now stands: added
 * text underlined, deleted text struck through, or in double brackets for five or fewer deleted
 * characters. The diff and the marking are the document builder's own (src/documents/
 * claim-amendments.ts, dependency-free and pure), called rather than copied so the plan shows
 * exactly what the filed listing will show. This is the one place the domain reads src/documents
 * (docs/decisions/response-plans.md "Response plans").
 */
import { markClaimAmendment, type MarkedRun } from '../claims/claim-amendments.ts';
import { parentClaimOf, stripClaimNumber } from '../claims/claim-text.ts';

export type { MarkedRun };

export interface ClaimMarkup {
  /** Runs with their marks: `none`, `added` (underlined), `deleted` (struck through), `deleted_bracketed` (`[[...]]`), `separator`. */
  runs: MarkedRun[];
  /** The same as one string: additions in <u>...</u>, strike-through deletions in <s>...</s>, short deletions as [[...]]. */
  marked_text: string;
  added_chars: number;
  deleted_chars: number;
  /** The amended text equals the original: nothing to mark (the claim is not amended). */
  unchanged: boolean;
}

/** The claim's text without a leading "1." and surrounding whitespace. */
export function cleanClaimText(text: string): string {
  return stripClaimNumber(text);
}

/** The claim a claim's text says it depends from ("The method of claim 3, ..."), or null. */
export function dependencyOfText(text: string): number | null {
  return parentClaimOf(text);
}

export function claimMarkup(original: string, amended: string): ClaimMarkup {
  const runs = markClaimAmendment(cleanClaimText(original), cleanClaimText(amended));
  let added = 0;
  let deleted = 0;
  const parts: string[] = [];
  for (const r of runs) {
    switch (r.mark) {
      case 'added':
        added += r.text.length;
        parts.push(`<u>${r.text}</u>`);
        break;
      case 'deleted':
        deleted += r.text.length;
        parts.push(`<s>${r.text}</s>`);
        break;
      case 'deleted_bracketed':
        deleted += Math.max(0, r.text.length - 4);
        parts.push(r.text);
        break;
      default:
        parts.push(r.text);
    }
  }
  return { runs, marked_text: parts.join(''), added_chars: added, deleted_chars: deleted, unchanged: added === 0 && deleted === 0 };
}
