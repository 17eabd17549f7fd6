/**
 * The response wizard and the analysis in words (issue 19: "every message a person sees is
 * written for a person; codes stay in the API"): strategy codes, claim statuses, kinds of paper,
 * how a ground is answered, job states and the completeness items, each as a practitioner would
 * say it. Codes never reach the page: an unknown one is turned into words rather than shown.
 * The strategy names are the server's (src/domain/response-plan/words.ts); a test holds the two
 * to the same codes.
 */

/** Each strategy a claim can take, as the wizard offers it (the API's code, the practitioner's name). */
export const STRATEGIES = [
  ['amend_narrow', 'Amend to narrow'],
  ['argue_distinction', 'Argue the rejection'],
  ['cancel', 'Cancel the claim'],
  ['argue_unexpected_results', 'Argue unexpected results'],
  ['amend_clarify', 'Amend to clarify'],
  ['rewrite_independent', 'Rewrite in independent form'],
  ['terminal_disclaimer', 'File a terminal disclaimer'],
  ['no_action', 'Leave the claim as it is'],
  ['elect', 'Elected (restriction)'],
  ['provide_information', 'Give the information required'],
] as const;

export type StrategyCode = (typeof STRATEGIES)[number][0];

/** Strategies carried out by the claim's amended text. */
export const AMENDING: ReadonlySet<string> = new Set<StrategyCode>(['amend_narrow', 'amend_clarify', 'rewrite_independent']);

/** "some_code" → "Some code": the last resort for a value no table knows, so no code is shown as it is. */
export function words(code: string): string {
  const t = code.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
  return t ? `${t[0]!.toUpperCase()}${t.slice(1)}` : '';
}

/** "Non-final rejection": the first letter capitalised. */
export function sentenceCase(text: string): string {
  return text ? `${text[0]!.toUpperCase()}${text.slice(1)}` : text;
}

/** "Amend to narrow". */
export function strategyName(code: string | null | undefined): string {
  if (!code) return 'No strategy chosen';
  return STRATEGIES.find(([c]) => c === code)?.[1] ?? words(code);
}

const CLAIM_STATUS: Readonly<Record<string, string>> = {
  rejected: 'rejected',
  objected: 'objected to',
  allowed: 'allowed',
  allowable: 'allowable',
  withdrawn: 'withdrawn',
  cancelled: 'cancelled',
  pending: 'pending',
};

/** "objected to": a claim's status inside a sentence. */
export function claimStatusWords(status: string): string {
  return CLAIM_STATUS[status] ?? words(status).toLowerCase();
}

const PAPER_KINDS: Readonly<Record<string, string>> = {
  non_final: 'non-final rejection',
  final: 'final rejection',
  restriction: 'restriction requirement',
  requirement_for_information: 'requirement for information',
  quayle: 'Ex parte Quayle action',
  notice_of_allowance: 'notice of allowance',
  other: 'office action',
};

/**
 * The interface's office_action_type of an analysis (`rejection_type`): CTED is a restriction
 * and CTRS a requirement for information there (the USPTO's own CTRS is a restriction; the
 * analysis' `office_action.kind` is preferred where it is known).
 */
const TYPE_CODES: Readonly<Record<string, string>> = {
  CTNF: 'non_final',
  CTFR: 'final',
  CTED: 'restriction',
  CTRS: 'requirement_for_information',
  CTEQ: 'quayle',
  NOA: 'notice_of_allowance',
};

/** "non-final rejection", from a kind of paper (`non_final`) or an analysis' type code (`CTNF`). */
export function paperKindWords(kind: string | null | undefined): string {
  if (!kind) return 'office action';
  return PAPER_KINDS[kind] ?? PAPER_KINDS[TYPE_CODES[kind] ?? ''] ?? 'office action';
}

/** What a document export is, for a person ("the response to the office action"). */
const EXPORT_KINDS: Readonly<Record<string, string>> = {
  oa_response: 'the response to the office action',
  ids: 'the information disclosure statement',
  form: 'the form',
  drawing: 'the drawing sheet',
};

export function exportKindWords(type: string): string {
  return EXPORT_KINDS[type] ?? 'the document';
}

/** "1-3, 5": claim numbers as a list with ranges. */
export function claimList(claims: readonly number[]): string {
  const sorted = [...new Set(claims)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : String(sorted[i]));
    i = j;
  }
  return parts.join(', ');
}

/** "Claim 1", "Claims 3-6". */
function claimsWord(claims: readonly number[]): string {
  return `${claims.length === 1 ? 'Claim' : 'Claims'} ${claimList(claims)}`;
}

export interface Answer {
  claims: number[];
  how: string;
  base?: number;
}

const HOW: Readonly<Record<string, (one: boolean) => string>> = {
  cancelled: (one) => `${one ? 'is' : 'are'} cancelled`,
  previously_cancelled: (one) => `${one ? 'was' : 'were'} already cancelled`,
  amended: (one) => `${one ? 'is' : 'are'} amended`,
  argued: (one) => `${one ? 'is' : 'are'} argued in your words`,
  terminal_disclaimer: () => 'a terminal disclaimer is filed',
  abeyance: () => 'the response asks that the objection be held in abeyance until allowable subject matter is agreed (37 CFR 1.111(b)); no text is needed',
  replied: () => 'answered in your words',
  election: (one) => `${one ? 'is' : 'are'} elected`,
  information: () => 'the information is given',
};

/** "Claim 1 is amended; claims 3-4: the response asks ...": how a ground is answered, claim by claim. */
export function answeredWords(answers: readonly Answer[]): string {
  const parts = answers.map((a) => {
    const one = a.claims.length === 1;
    const how =
      a.how === 'through_amended_base'
        ? `${one ? 'stands' : 'stand'} or ${one ? 'falls' : 'fall'} with amended claim ${a.base}`
        : (HOW[a.how]?.(one) ?? words(a.how).toLowerCase());
    if (!a.claims.length) return how;
    // A verb follows the claims; a clause of its own follows a colon.
    const who = claimsWord(a.claims).toLowerCase();
    return /^(?:is|are|was|were|stands?)\b/.test(how) ? `${who} ${how}` : `${who}: ${how}`;
  });
  const text = parts.join('; ');
  return text ? `${text[0]!.toUpperCase()}${text.slice(1)}.` : '';
}

/** The heading of a ground's text box: an argument against a rejection, a reply to an objection. */
export function argumentLabel(g: { kind: string; title: string }): string {
  switch (g.kind) {
    case 'rejection':
      return `Argument on the ${lowerFirst(g.title)}`;
    case 'restriction':
      return 'Reasons for traversing the restriction requirement (if you traverse)';
    case 'information_requirement':
      return 'The information required';
    default:
      return `Reply to the ${lowerFirst(g.title)}`;
  }
}

function lowerFirst(t: string): string {
  return /^(?:Rejection|Objection|Restriction|Requirement)\b/.test(t) ? `${t[0]!.toLowerCase()}${t.slice(1)}` : t;
}

export interface MissingItem {
  code: string;
  claim?: number;
  ground_id?: string;
  message: string;
  plain?: string;
}

/**
 * What a claim still needs, said beside the claim's own editor (so "the box above" is where to
 * type it); the server's plain text for anything else. Never the API's `message`.
 */
export function claimNeedWords(m: MissingItem, grounds: readonly { ground_id: string; kind: string; title: string }[], groundsStep = 1): string {
  const n = m.claim;
  const g = m.ground_id ? grounds.find((x) => x.ground_id === m.ground_id) : undefined;
  switch (m.code) {
    case 'amended_text_missing':
      return `Claim ${n}'s amended text is missing: type it in the box “Claim ${n} as amended”.`;
    case 'original_text_missing':
      return `Claim ${n} as it stands now is missing: type it in the box “Claim ${n} as it stands”, so the amendment can be marked up against it (37 CFR 1.121(c)).`;
    case 'amendment_unchanged':
      return `Claim ${n} as amended is the same as the claim as it stands: change the amended text, or choose another strategy.`;
    case 'argument_missing':
      return g ? `Argued: write the argument on the ${lowerFirst(g.title)} in step ${groundsStep}.` : `Argued: write the argument in step ${groundsStep}.`;
    case 'information_missing':
      return `Write the information required in step ${groundsStep}.`;
    default:
      return m.plain ?? 'This claim still needs your attention.';
  }
}

/** What answers one ground of rejection for one claim, as the wizard offers it beside the claim's strategy. */
export function groundAnswerName(code: string | null | undefined): string {
  if (!code) return 'No answer yet';
  if (AMENDING.has(code)) return "Answer it with the claim's amendment";
  if (code === 'cancel') return 'Cancelled with the claim';
  return strategyName(code);
}

/** "Group II (claims 27-37, an apparatus)": a group or species of a restriction requirement, for the election step. */
export function restrictionGroupWords(g: { label: string; kind: string; claims: readonly number[]; subject: string | null }): string {
  const name = `${g.kind === 'species' ? 'Species' : 'Group'} ${g.label}`;
  const parts = [g.claims.length ? `${g.claims.length === 1 ? 'claim' : 'claims'} ${claimList(g.claims)}` : null, g.subject].filter(Boolean);
  return parts.length ? `${name} (${parts.join(', ')})` : name;
}

/** "Group II is elected with traverse: claims 27-37 will be examined; claims 10-13 are withdrawn." */
export function electionWords(e: {
  group: string | null;
  species: string | null;
  traverse: boolean;
  elected_claims: readonly number[];
  withdrawn_claims: readonly number[];
}): string {
  const what = [e.group ? `Group ${e.group}` : null, e.species ? `species ${e.species}` : null].filter(Boolean).join(', ') || 'The invention';
  const examined = e.elected_claims.length ? `: ${claimsWord(e.elected_claims).toLowerCase()} will be examined` : '';
  const withdrawn = e.withdrawn_claims.length
    ? `; ${claimsWord(e.withdrawn_claims).toLowerCase()} ${e.withdrawn_claims.length === 1 ? 'is' : 'are'} withdrawn`
    : '';
  return `${sentenceCase(what)} ${e.group && e.species ? 'are' : 'is'} elected ${e.traverse ? 'with' : 'without'} traverse${examined}${withdrawn}.`;
}

/** A draft job's state, for a person; the server's step when it says what is being done. */
export function jobStateWords(job: { status: string; current_step?: string }): string {
  if (job.status === 'queued') return 'Waiting to start';
  if (job.status === 'in_progress') return job.current_step ?? 'In progress';
  if (job.status === 'complete') return 'Complete';
  if (job.status === 'failed') return 'Failed';
  return words(job.status);
}

export type PlacesSource = 'paper' | 'paper_before_model' | 'outline';

/** "The paper will have 14 highlighted, bracketed places for you to fill." ("has", once drafted). */
export function placesWords(n: number, source: PlacesSource | undefined, drafted = false): string {
  const will = drafted ? 'has' : 'will have';
  if (n === 0)
    return source === 'outline'
      ? 'The paper should need none of your text in highlighted, bracketed places.'
      : `The paper ${will} no highlighted, bracketed places left for you to fill.`;
  const places = `${n} highlighted, bracketed ${n === 1 ? 'place' : 'places'}`;
  if (source === 'paper_before_model') return `The paper ${will} at most ${places} for you to fill (the language model may write some of them).`;
  if (source === 'outline') return `The paper will have about ${places} for you to fill.`;
  return `The paper ${will} ${places} for you to fill.`;
}

/** A plan's edit refused by the server, for a person (the API's own text is written for assistants). */
export function editErrorWords(code: string, message: string): string {
  switch (code) {
    case 'plan_submitted':
      return 'This response was already submitted; it can no longer be changed.';
    case 'plan_changed':
      return 'The response changed meanwhile (perhaps in another window or by your assistant); it has been reloaded. Try again.';
    case 'validation_error':
      if (/^office_action_date: is required/.test(message))
        return "Give the mailing date of the office action: neither its text nor the application's record states it.";
      return `Not saved: ${message.replace(/^[a-z_.\d]+: /, '')}`;
    case 'strategy_cannot_answer_ground':
      return `Not saved: that answer cannot answer this ground. ${sentenceCase(reasonOf(message))}`;
    case 'strategy_conflicts_with_claim':
      return "Not saved: an answer by amendment needs the claim itself to be amended that way (choose the claim's strategy first), and a cancelled claim needs no answer per ground.";
    case 'unknown_ground':
    case 'ground_not_for_claim':
      return "Not saved: this ground is no longer one of the claim's grounds. Reload the page.";
    case 'unknown_restriction_group':
      return `Not saved: ${message}`;
    case 'election_required':
      return 'Make the election first: a reply to a restriction requirement must elect a group (37 CFR 1.143).';
    default:
      return message;
  }
}

/** The server's reason after its "code cannot answer ground id (statute): " prefix, without codes. */
function reasonOf(message: string): string {
  const m = /: ([^:]+)\.?$/.exec(message);
  const reason = (m?.[1] ?? '').replace(/\b[a-z]+_[a-z_]+\b/g, 'that answer');
  return reason ? `${reason.replace(/\.$/, '')}.` : '';
}

/** "U.S. patents, row 1, patentee or applicant" from "body.input.us_patents.0.patentee_or_applicant": a field path in words. */
function fieldWords(path: string): string {
  const parts = path.split('.').filter((p) => p && p !== 'input' && p !== 'body');
  const out = parts.map((p) => (/^\d+$/.test(p) ? `row ${Number(p) + 1}` : p.replace(/_/g, ' ').replace(/\bus\b/g, 'U.S.')));
  return out.join(', ') || 'the form';
}

/** The schema's own wording of a limit, as a person says it. */
function limitWords(problem: string): string {
  return problem
    .replace(/^Too big: expected string to have <=(\d+) characters?$/, 'at most $1 characters')
    .replace(/^Too small: expected string to have >=1 characters?$/, 'required')
    .replace(/^Too small: expected string to have >=(\d+) characters?$/, 'at least $1 characters')
    .replace(/^Too big: expected array to have <=(\d+) items?$/, 'at most $1 entries');
}

/** "Timing: the docket puts it in 1.97(d)" from the server's "input.timing: the docket puts it in 1.97(d)". */
export function fieldMessage(message: string): string {
  const m = /^([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*): ([\s\S]+)$/.exec(message);
  if (!m) return message;
  return sentenceCase(`${fieldWords(m[1]!)}: ${limitWords(m[2]!)}`);
}

/** Whether a server text is written for a person: no API paths or calls, no field names in quotes, no codes. */
export function forPeople(text: string): boolean {
  return !/\/api\/|\/v1\/|\b(?:GET|POST|PUT|PATCH|DELETE) |"[a-z_]+"|\b[a-z]+_[a-z_]+\b/.test(text);
}
