/**
 * Which window of 37 CFR 1.97 an information disclosure statement filed today falls in, from
 * the application's docket: its filing date and the prosecution events (office actions, RCEs,
 * issue fee). Pure, so it is tested on its own; the server builds the document and has the last
 * word (it may refuse a timing that does not fit).
 *
 * - 1.97(b): within three months of filing, or before the first action on the merits, or before
 *   the first action after an RCE. No statement, no fee. A restriction requirement is not an
 *   action on the merits (MPEP 609.04(b)).
 * - 1.97(c): after that, before a final action (1.113), a notice of allowance (1.311) or an action
 *   that otherwise closes prosecution (ex parte Quayle). The 1.97(e) statement OR the 1.17(p) fee.
 * - 1.97(d): after that, on or before payment of the issue fee. The 1.97(e) statement AND the fee.
 * - After the issue fee is paid, 1.97 no longer reaches: the IDS is not considered unless the
 *   application is withdrawn from issue (MPEP 609.04(b), 1.313).
 */

export type IdsTiming = '1.97(b)' | '1.97(c)' | '1.97(d)';

export type ProsecutionEventKind = 'non_final' | 'final' | 'restriction' | 'quayle' | 'allowance' | 'rce' | 'grant' | 'other';

export interface ProsecutionEvent { date: string; kind: ProsecutionEventKind | string }

export interface IdsWindow {
  /** null: no window of 1.97 is open (issue fee paid). */
  timing: IdsTiming | null;
  /** Why, in a sentence naming the event and its date. */
  reason: string;
  /** What the IDS needs in this window. */
  requires: string;
  needsStatementOrFee: boolean;
  needsStatementAndFee: boolean;
}

const MERITS = new Set(['non_final', 'final', 'quayle', 'allowance']);
const CLOSING = new Set(['final', 'quayle', 'allowance']);
const WORDS: Record<string, string> = { non_final: 'non-final rejection', final: 'final rejection', quayle: 'ex parte Quayle action', allowance: 'notice of allowance', rce: 'request for continued examination', grant: 'issue fee payment' };

export const REQUIREMENTS: Record<IdsTiming, string> = {
  '1.97(b)': 'No statement under 37 CFR 1.97(e) and no fee.',
  '1.97(c)': 'Either the statement under 37 CFR 1.97(e) or the fee under 37 CFR 1.17(p).',
  '1.97(d)': 'Both the statement under 37 CFR 1.97(e) and the fee under 37 CFR 1.17(p), filed on or before payment of the issue fee.',
};

function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

function article(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'An' : 'A'} ${noun}`;
}

function window(timing: IdsTiming | null, reason: string): IdsWindow {
  return {
    timing,
    reason,
    requires: timing ? REQUIREMENTS[timing] : 'Not considered under 37 CFR 1.97: the application must first be withdrawn from issue (37 CFR 1.313), or file with a request for continued examination.',
    needsStatementOrFee: timing === '1.97(c)',
    needsStatementAndFee: timing === '1.97(d)',
  };
}

export function idsWindow(filingDate: string | null, events: readonly ProsecutionEvent[], today: string): IdsWindow {
  const past = events.filter((e) => e.date <= today).slice().sort((a, b) => a.date.localeCompare(b.date));
  const granted = past.find((e) => e.kind === 'grant');
  if (granted) return window(null, `The issue fee was paid (or the patent granted) on ${granted.date}.`);
  const rce = past.filter((e) => e.kind === 'rce').at(-1);
  const since = rce ? past.filter((e) => e.date >= rce.date) : past;
  const merits = since.filter((e) => MERITS.has(e.kind));
  const first = merits[0];
  const last = merits.at(-1);
  const after = rce ? ' after the request for continued examination' : '';
  if (!rce && filingDate && today <= addMonths(filingDate, 3)) return window('1.97(b)', `Today is within three months of the filing date, ${filingDate}.`);
  // The latest action on the merits decides between (c) and (d): a non-final action mailed after
  // a final one reopened prosecution, so the (c) window is open again.
  if (last && CLOSING.has(last.kind)) return window('1.97(d)', `${article(WORDS[last.kind]!)} was mailed on ${last.date}${after}.`);
  if (last && first) {
    return window('1.97(c)', first === last
      ? `A first action on the merits (${WORDS[first.kind]}) was mailed on ${first.date}${after}, and no final action or allowance since.`
      : `The latest action on the merits is ${article(WORDS[last.kind]!).toLowerCase()} mailed on ${last.date}${after}, which leaves prosecution open.`);
  }
  if (rce) return window('1.97(b)', `No action on the merits since the request for continued examination of ${rce.date}.`);
  return window('1.97(b)', 'No action on the merits has been mailed.');
}

/** The event kind of a paper recorded on the docket (its USPTO document code). */
export function kindOfDocumentCode(code: string | null | undefined): ProsecutionEventKind {
  switch (code) {
    case 'CTNF': return 'non_final';
    case 'CTFR': return 'final';
    case 'CTRS': return 'restriction';
    case 'CTEQ': return 'quayle';
    case 'NOA': return 'allowance';
    case 'RCEX': return 'rce';
    default: return 'other';
  }
}
