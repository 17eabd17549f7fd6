/**
 * The grounds a reply must answer (37 CFR 1.111(b): "reply to every ground of objection and
 * rejection"), derived from an analysis record: every rejection statement and basis, every claim
 * objection, every objection to the specification, abstract, drawings or other parts, a
 * restriction requirement and a requirement for information.
 *
 * Ids are stable for an analysis (the record never changes): rejections `r<n>-<basis>` numbered in
 * the order their statements appear in the action (one statement naming two bases gives two
 * grounds with the same number: `r3-102`, `r3-103`), objections `o<n>-<claims|part>` numbered
 * likewise, `x1-restriction`, `i1-information`.
 */
import { formatClaimList } from '../office-action/claim-lists.ts';
import type { Ground, GroundPinpoint, Quote, SourceAnalysis, SourceClaim, Span } from './types.ts';

/** `112(b)` → `112b`, `DP` → `dp`. */
export function basisSlug(basis: string): string {
  return basis.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

const DOCUMENT_TITLES: Readonly<Record<string, string>> = {
  specification: 'the specification',
  disclosure: 'the disclosure',
  abstract: 'the abstract',
  drawings: 'the drawings',
  title: 'the title',
  oath_declaration: 'the oath or declaration',
  other: 'the application papers',
};

function claimsWord(claims: readonly number[]): string {
  return `${claims.length === 1 ? 'claim' : 'claims'} ${formatClaimList(claims)}`;
}

/** Maximum length of a quoted reasoning passage; longer ones are cut at a word and flagged. */
const MAX_REASONING_CHARS = 4000;

/** Lines that open a new part of the action: the reasoning of a ground stops there. */
const HEADING =
  /^[ \t]*(?:Claim Rejections?\b|Claim Objections?\b|Rejections? under\b|Double Patenting\b|Allowable Subject Matter\b|Conclusion\b|Response to (?:Arguments?|Amendments?)\b|Election\/Restrictions?\b|Drawings\b|Specification\b|The Abstract\b|Abstract\b|Information Disclosure Statement\b|Any inquiry concerning\b|Examiner'?s (?:Amendment|Comment|Note)\b|Reasons for Allowance\b|Notice of References Cited\b)/im;

/**
 * The examiner's reasoning after a statement: from the end of the statement to the next statement
 * or section heading of the action, at most MAX_REASONING_CHARS. The quote re-reads from the text
 * (`text.slice(span.start, span.end) === quote.text`).
 */
function reasoningAfter(text: string, statement: Span, nextStart: number): (Quote & { truncated: boolean }) | null {
  if (statement.end > text.length) return null;
  let end = Math.min(nextStart, text.length);
  const window = text.slice(statement.end, end);
  // A heading on its own line ends the passage (its first line is never the statement's own line).
  const nl = window.indexOf('\n');
  if (nl >= 0) {
    const h = HEADING.exec(window.slice(nl + 1));
    if (h) end = statement.end + nl + 1 + h.index;
  }
  let truncated = false;
  if (end - statement.end > MAX_REASONING_CHARS) {
    const cut = text.lastIndexOf(' ', statement.end + MAX_REASONING_CHARS);
    end = cut > statement.end ? cut : statement.end + MAX_REASONING_CHARS;
    truncated = true;
  }
  let start = statement.end;
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  if (end <= start) return null;
  return { text: text.slice(start, end), span: { start, end }, truncated };
}

const NO_EXTRAS = { subtype: null, conflicting: [] as string[], derived_from: [] as string[] };

/** Double patenting: the patents or applications relied on, by their display numbers. */
function conflictingOf(labels: readonly string[], source: SourceAnalysis): string[] {
  const out: string[] = [];
  for (const label of labels) {
    // A claim rejection names the reference with the conflicting claims: `US 10,072,876 (claim 1)`.
    const ref = (source.references ?? []).find((r) => r.label === label || label.startsWith(`${r.label} (`));
    if (ref && !ref.publication && !(ref.conflicting_claims ?? []).length) continue;
    const shown = ref?.publication?.display ?? label;
    if (!out.includes(shown)) out.push(shown);
  }
  return out;
}

/**
 * The grounds of an analysis: those stored with it (computed once, with the action's text, when
 * the analysis was made), else derived now (analyses stored before grounds were).
 */
export function groundsOf(source: SourceAnalysis, actionText: string | null = null): Ground[] {
  return Array.isArray(source.grounds) ? source.grounds : deriveGrounds(source, actionText);
}

interface Anchor {
  start: number;
}

/** Every ground of the action, in the order of the action within each kind. */
export function deriveGrounds(source: SourceAnalysis, actionText: string | null = null): Ground[] {
  const claims = [...source.claim_analyses].sort((a, b) => a.claim_number - b.claim_number);

  // Rejection statements: one per span, each with its bases in order of first appearance.
  type Stmt = {
    quote: Quote;
    bases: Map<string, { citation: string; claims: Set<number>; references: string[]; derived: boolean; subtype: string | null }>;
    from: Span[];
  };
  const statements = new Map<string, Stmt>();
  for (const c of claims) {
    for (const r of c.rejections ?? []) {
      const key = `${r.span.start}:${r.span.end}`;
      let s = statements.get(key);
      if (!s) {
        s = { quote: { text: r.statement, span: r.span }, bases: new Map(), from: [] };
        statements.set(key, s);
      }
      for (const f of r.derived_from ?? []) if (!s.from.some((x) => x.start === f.start && x.end === f.end)) s.from.push(f);
      let b = s.bases.get(r.basis);
      if (!b) {
        b = { citation: r.citation, claims: new Set(), references: [], derived: r.derived === true, subtype: r.subtype ?? null };
        s.bases.set(r.basis, b);
      }
      if (!b.subtype && r.subtype) b.subtype = r.subtype;
      b.claims.add(c.claim_number);
      for (const ref of r.references) if (!b.references.includes(ref)) b.references.push(ref);
    }
  }

  // Claim objections: one per span.
  type Obj = { quote: Quote; type: string; claims: Set<number>; allowable: boolean };
  const objections = new Map<string, Obj>();
  for (const c of claims) {
    for (const o of c.objections ?? []) {
      const key = `${o.span.start}:${o.span.end}`;
      let x = objections.get(key);
      if (!x) {
        x = { quote: { text: o.text, span: o.span }, type: o.type, claims: new Set(), allowable: false };
        objections.set(key, x);
      }
      x.claims.add(c.claim_number);
      if (o.allowable_if_rewritten) x.allowable = true;
    }
  }

  const anchors: Anchor[] = [
    ...[...statements.values()].map((s) => ({ start: s.quote.span.start })),
    ...[...objections.values()].map((o) => ({ start: o.quote.span.start })),
    ...(source.document_objections ?? []).map((d) => ({ start: d.evidence.span.start })),
    ...(source.restriction_groups ?? []).map((g) => ({ start: g.evidence.span.start })),
    ...(source.information_requirements ?? []).map((q) => ({ start: q.span.start })),
    // Every other finding (allowability, dispositions, summary lines) also ends a passage.
    ...claims.flatMap((c) => (c.evidence ?? []).map((e) => ({ start: e.span.start }))),
  ].sort((a, b) => a.start - b.start);
  const nextAnchor = (span: Span): number => anchors.find((a) => a.start >= span.end)?.start ?? Number.MAX_SAFE_INTEGER;
  const reasoning = (span: Span) => (actionText === null ? null : reasoningAfter(actionText, span, nextAnchor(span)));
  const byNumber = new Map(claims.map((c) => [c.claim_number, c]));

  const grounds: Ground[] = [];
  const idsBySpan = new Map<string, string[]>();
  const carried: { ground: Ground; from: Span[] }[] = [];
  [...statements.values()]
    .sort((a, b) => a.quote.span.start - b.quote.span.start)
    .forEach((s, i) => {
      const why = reasoning(s.quote.span);
      for (const [basis, b] of s.bases) {
        const list = [...b.claims].sort((x, y) => x - y);
        const id = `r${i + 1}-${basisSlug(basis)}`;
        const key = `${s.quote.span.start}:${s.quote.span.end}`;
        idsBySpan.set(key, [...(idsBySpan.get(key) ?? []), id]);
        const ground: Ground = {
          id,
          kind: 'rejection',
          basis,
          statute: b.citation,
          title: rejectionTitle(claimsWord(list), basis, b.citation),
          claims: list,
          references: b.references,
          objection_type: null,
          target: null,
          derived: b.derived,
          allowable_if_rewritten: false,
          statement: s.quote,
          reasoning: why,
          pinpoints: pinpointsOf(list, b.references, s.quote.span, why, byNumber),
          subtype: b.subtype,
          conflicting: basis === 'DP' ? conflictingOf(b.references, source) : [],
          derived_from: [],
        };
        grounds.push(ground);
        if (s.from.length) carried.push({ ground, from: s.from });
      }
    });
  for (const { ground, from } of carried) {
    ground.derived_from = [...new Set(from.flatMap((f) => idsBySpan.get(`${f.start}:${f.end}`) ?? []))].filter((id) => id !== ground.id);
  }

  const parts: { start: number; ground: (n: number) => Ground }[] = [];
  for (const o of objections.values()) {
    const list = [...o.claims].sort((x, y) => x - y);
    parts.push({
      start: o.quote.span.start,
      ground: (n) => ({
        id: `o${n}-claims`,
        kind: 'claim_objection',
        basis: null,
        statute:
          o.type === 'dependent_on_rejected_base'
            ? 'Objection: dependent upon a rejected base claim (37 CFR 1.75(c))'
            : `Objection to the claims (${o.type.replaceAll('_', ' ')})`,
        title: `Objection to ${claimsWord(list)}`,
        claims: list,
        references: [],
        objection_type: o.type,
        target: 'claims',
        derived: false,
        allowable_if_rewritten: o.allowable,
        statement: o.quote,
        reasoning: reasoning(o.quote.span),
        pinpoints: [],
        ...NO_EXTRAS,
      }),
    });
  }
  for (const d of source.document_objections ?? []) {
    const part = DOCUMENT_TITLES[d.target] ?? DOCUMENT_TITLES.other;
    parts.push({
      start: d.evidence.span.start,
      ground: (n) => ({
        id: `o${n}-${d.target.replaceAll('_', '-')}`,
        kind: 'document_objection',
        basis: null,
        statute: `Objection to ${part}`,
        title: `Objection to ${part}`,
        claims: [],
        references: [],
        objection_type: null,
        target: d.target,
        derived: false,
        allowable_if_rewritten: false,
        statement: d.evidence,
        reasoning: reasoning(d.evidence.span),
        pinpoints: [],
        ...NO_EXTRAS,
      }),
    });
  }
  for (const [i, p] of parts.sort((a, b) => a.start - b.start).entries()) grounds.push(p.ground(i + 1));

  const groups = source.restriction_groups ?? [];
  if (groups.length > 0 || source.office_action?.kind?.kind === 'restriction') {
    const list = [...new Set(groups.flatMap((g) => g.claims))].sort((x, y) => x - y);
    const first = groups.length ? [...groups].sort((a, b) => a.evidence.span.start - b.evidence.span.start)[0].evidence : null;
    const statement = source.office_action?.kind?.evidence ?? first ?? { text: '', span: { start: 0, end: 0 } };
    grounds.push({
      id: 'x1-restriction',
      kind: 'restriction',
      basis: null,
      statute: 'Restriction / election requirement (35 U.S.C. 121; 37 CFR 1.142-1.146)',
      title: 'Restriction requirement',
      claims: list,
      references: [],
      objection_type: null,
      target: null,
      derived: false,
      allowable_if_rewritten: false,
      statement,
      reasoning: actionText === null || statement.span.end === 0 ? null : reasoningAfter(actionText, statement.span, Number.MAX_SAFE_INTEGER),
      pinpoints: [],
      ...NO_EXTRAS,
    });
  }
  const info = source.information_requirements ?? [];
  if (info.length > 0) {
    grounds.push({
      id: 'i1-information',
      kind: 'information_requirement',
      basis: null,
      statute: 'Requirement for information (37 CFR 1.105)',
      title: 'Requirement for information',
      claims: [],
      references: [],
      objection_type: null,
      target: null,
      derived: false,
      allowable_if_rewritten: false,
      statement: info[0],
      reasoning: reasoning(info[0].span),
      pinpoints: [],
      ...NO_EXTRAS,
    });
  }
  return grounds;
}

/** The reference's short name: `Rebmann (US 2018/0179985 A1)` → `Rebmann`. */
function referenceName(label: string): string {
  const m = /^\s*(.+?)\s*\(([^()]+)\)\s*(?:\([^()]*\))?\s*$/.exec(label);
  return (m ? m[1] : label).trim();
}

/**
 * The examiner's pinpoints for a ground: those of its claims that lie in the ground's statement
 * and reasoning; without the reasoning at hand, those naming one of its references.
 */
function pinpointsOf(
  claims: readonly number[],
  references: readonly string[],
  statement: Span,
  why: Quote | null,
  byNumber: ReadonlyMap<number, SourceClaim>,
): GroundPinpoint[] {
  const names = new Set(references.map(referenceName));
  const end = why ? why.span.end : statement.end;
  const out = new Map<string, GroundPinpoint>();
  for (const n of claims) {
    for (const p of byNumber.get(n)?.pinpoints ?? []) {
      const inside = p.span.start >= statement.start && p.span.end <= end;
      const named = p.reference !== null && names.has(p.reference);
      if (why ? !inside : !named) continue;
      const key = `${p.span.start}:${p.span.end}`;
      const existing = out.get(key);
      if (existing) {
        if (!existing.claims.includes(n)) existing.claims.push(n);
      } else out.set(key, { claims: [n], kind: p.kind, reference: p.reference, text: p.text, span: p.span });
    }
  }
  return [...out.values()].sort((a, b) => a.span.start - b.span.start);
}

export function groundById(grounds: readonly Ground[], id: string): Ground | undefined {
  const wanted = id.trim().toLowerCase();
  return grounds.find((g) => g.id === wanted);
}

/** The grounds naming a claim. */
export function groundsOfClaim(grounds: readonly Ground[], n: number): Ground[] {
  return grounds.filter((g) => g.claims.includes(n));
}

/**
 * "Rejection of claims 1-2 under 35 U.S.C. 103"; a nonstatutory double patenting rejection is on a
 * ground, not under a statute: "Rejection of claim 2 on the ground of nonstatutory double
 * patenting" (the citation, capitalised for a heading, lower-cased inside the sentence).
 */
export function rejectionTitle(claims: string, basis: string, citation: string): string {
  if (basis === 'DP' && !/^35 U\.S\.C\./.test(citation)) return `Rejection of ${claims} on the ground of ${citation[0].toLowerCase()}${citation.slice(1)}`;
  return `Rejection of ${claims} under ${citation}`;
}
