/**
 * The grounds of rejection a reply must answer, one each (37 CFR 1.111(b): the reply "must reply
 * to every ground of objection and rejection in the prior Office action"). Grounds come from the
 * analysis' per-claim `rejections` when present, de-duplicated across claims; otherwise they are
 * rebuilt from each claim's `basis` and `prior_art`, grouping claims rejected on the same basis
 * over the same references. Ordered as the Office action presents them: 112, 101, 102, 103,
 * double patenting (office-actions.md §4).
 */
import type { CitedReference, ClaimDisposition, Ground, RejectionDetail } from './types.ts';

export type BasisFamily = '112(a)' | '112(b)' | '112(c)' | '112(d)' | '112(e)' | '112(f)' | '112' | '101' | '102' | '103' | 'DP' | 'objection' | 'other';

const ORDER: readonly BasisFamily[] = ['objection', '112(a)', '112(b)', '112(c)', '112(d)', '112(e)', '112(f)', '112', '101', '102', '103', 'DP', 'other'];

export interface RejectionGround {
  basis: string;
  family: BasisFamily;
  citation: string;
  claims: number[];
  references: CitedReference[];
  /** The examiner's statement, verbatim; null when rebuilt from the claims' basis. */
  statement: string | null;
  pinpoints: string[];
  /** The action's grounds this section answers, each with its claims (a carried-over ground joins its source). */
  ids: Map<string, number[]>;
  /** The examiner's reasoning after the statement, verbatim, when the analysis kept it. */
  explanation: string | null;
  subtype: string | null;
  /** Double patenting: the patents or applications whose claims are relied on. */
  conflicting: string[];
}

/** The statutory family of a short basis code: `102(a)(1)` → `102`, `DP-nonstatutory` → `DP`. */
export function basisFamily(code: string): BasisFamily {
  const c = code
    .trim()
    .replace(/^pre-AIA\s+/i, '')
    .replace(/^35\s*U\.?S\.?C\.?\s*§?\s*/i, '');
  if (/^objection/i.test(c)) return 'objection';
  if (/^DP|double\s+patenting/i.test(c)) return 'DP';
  const m = /^(101|102|103|112)(\([a-f]\))?/i.exec(c);
  if (!m) return 'other';
  if (m[1] !== '112') return m[1] as BasisFamily;
  return (m[2] ? `112${m[2].toLowerCase()}` : '112') as BasisFamily;
}

/**
 * A double-patenting citation as it reads inside a sentence ("on the ground of nonstatutory double
 * patenting"): the analysis writes it capitalised ("Nonstatutory double patenting"), for a heading
 * or the start of a line; headings title-case it again (remarks/wording.ts). Statutory citations
 * ("35 U.S.C. 101 (statutory ...)") are left as they are.
 */
function inSentence(citation: string): string {
  return /^(?:Nonstatutory|Provisional|Statutory|Obviousness)\b/.test(citation) ? citation[0].toLowerCase() + citation.slice(1) : citation;
}

/** The citation written when the analysis gives none. */
export function defaultCitation(code: string): string {
  const family = basisFamily(code);
  if (family === 'DP')
    return /\bstatutory\b/i.test(code) && !/non/i.test(code) ? '35 U.S.C. 101 (statutory double patenting)' : 'nonstatutory double patenting';
  if (family === 'objection' || family === 'other') return code;
  return `35 U.S.C. ${code.trim().replace(/^35\s*U\.?S\.?C\.?\s*§?\s*/i, '')}`;
}

/** "Smith (US 1,234,567 B2)" → { name: "Smith", number_display: "US 1,234,567 B2" }. */
export function parseReference(label: string): CitedReference {
  const m = /^\s*(.+?)\s*\(([^()]+)\)\s*$/.exec(label);
  return m ? { name: m[1], number_display: m[2] } : { name: label.trim(), number_display: '' };
}

export function referenceLabel(r: CitedReference): string {
  return r.number_display ? `${r.name} (${r.number_display})` : r.name;
}

function splitBasis(basis: string): string[] {
  return basis
    .split(/\s*;\s*/)
    .map((b) => b.trim())
    .filter(Boolean);
}

function fromDetail(d: RejectionDetail, claim: number): RejectionGround {
  return {
    basis: d.basis,
    family: basisFamily(d.basis),
    citation: inSentence(d.citation || defaultCitation(d.basis)),
    claims: [...d.claims],
    references: [...d.references],
    statement: d.statement?.trim() || null,
    pinpoints: [...(d.pinpoints ?? [])],
    ids: new Map([[d.ground_id ?? `basis:${d.basis}:${claim}`, [claim]]]),
    explanation: null,
    subtype: d.subtype ?? null,
    conflicting: [],
  };
}

/** Same passage cited twice ("Smith, col. 3" under claims 1 and 7): kept once, in order. */
function addPinpoint(list: string[], p: string): void {
  const key = p.replace(/\s+/g, ' ').trim().toLowerCase();
  if (!list.some((x) => x.replace(/\s+/g, ' ').trim().toLowerCase() === key)) list.push(p);
}

/**
 * The grounds a reply answers, from the action's own list of grounds (the analysis' `grounds`):
 * one section per statement, in the action's order by statute; a ground carried over from
 * another ("claims 5-8 are rejected based upon their dependency from claim 4") is answered in its
 * source's section rather than as a second section. Without that list (older analyses), the
 * grounds are rebuilt from the claims.
 */
export function collectRejectionGrounds(claims: readonly ClaimDisposition[], actionGrounds?: readonly Ground[]): RejectionGround[] {
  const rejections = (actionGrounds ?? []).filter((g) => g.kind === 'rejection');
  if (rejections.length === 0) return groundsFromClaims(claims);
  const out: RejectionGround[] = [];
  const byId = new Map<string, RejectionGround[]>();
  const pinpointsOf = (id: string): string[] => {
    const list: string[] = [];
    for (const c of claims) for (const d of c.rejections ?? []) if (d.ground_id === id) for (const p of d.pinpoints ?? []) addPinpoint(list, p);
    return list;
  };
  const ordered = [...rejections.filter((g) => !g.derived), ...rejections.filter((g) => g.derived)];
  for (const g of ordered) {
    // One ground per basis (the record splits a statement naming two statutes into two grounds).
    const bases = [g.basis ?? 'other'];
    for (const basis of bases) {
      const family = basisFamily(basis);
      const source = g.derived ? g.derived_from.flatMap((id) => byId.get(id) ?? []).find((x) => x.family === family) : undefined;
      if (source) {
        source.claims = [...new Set([...source.claims, ...g.claims])].sort((a, b) => a - b);
        source.ids.set(g.id, [...g.claims]);
        continue;
      }
      const citation = inSentence(g.statute || defaultCitation(basis));
      const ground: RejectionGround = {
        basis,
        family,
        citation,
        claims: [...g.claims].sort((a, b) => a - b),
        references: (g.references ?? []).map(parseReference),
        statement: g.statement.text.trim() || null,
        pinpoints: pinpointsOf(g.id),
        ids: new Map([[g.id, [...g.claims]]]),
        explanation: g.reasoning?.text.trim() || null,
        subtype: g.subtype ?? null,
        conflicting: [...(g.conflicting ?? [])],
      };
      out.push(ground);
      byId.set(g.id, [...(byId.get(g.id) ?? []), ground]);
    }
  }
  return out
    .map((g, i) => ({ g, i }))
    .sort((x, y) => ORDER.indexOf(x.g.family) - ORDER.indexOf(y.g.family) || x.g.claims[0] - y.g.claims[0] || x.i - y.i)
    .map((x) => x.g);
}

function groundsFromClaims(claims: readonly ClaimDisposition[]): RejectionGround[] {
  const grounds: RejectionGround[] = [];
  const byKey = new Map<string, RejectionGround>();
  const add = (key: string, g: RejectionGround) => {
    const existing = byKey.get(key);
    if (!existing) {
      byKey.set(key, g);
      grounds.push(g);
      return;
    }
    existing.claims = [...new Set([...existing.claims, ...g.claims])];
    for (const [id, cs] of g.ids) existing.ids.set(id, [...new Set([...(existing.ids.get(id) ?? []), ...cs])]);
    for (const p of g.pinpoints) addPinpoint(existing.pinpoints, p);
    for (const r of g.references) {
      if (!existing.references.some((x) => x.name === r.name && x.number_display === r.number_display)) existing.references.push(r);
    }
  };

  // Detailed grounds, and which (claim, family) pairs they cover.
  const covered = new Set<string>();
  for (const c of claims) {
    for (const d of c.rejections ?? []) {
      const g = fromDetail(d, c.claim_number);
      if (!g.claims.includes(c.claim_number)) g.claims.push(c.claim_number);
      add(`detail|${g.family}|${g.citation}|${g.statement ?? ''}|${g.references.map(referenceLabel).join(';')}`, g);
      for (const n of g.claims) covered.add(`${n}|${g.family}`);
    }
  }
  // Grounds rebuilt from basis + prior_art for what the details do not cover.
  for (const c of claims) {
    if (c.status === 'cancelled' || c.status === 'withdrawn') continue;
    for (const code of splitBasis(c.basis)) {
      const family = basisFamily(code);
      if (covered.has(`${c.claim_number}|${family}`)) continue;
      const art = family === '102' || family === '103' || family === 'DP' ? c.prior_art : [];
      const references = art.map(parseReference);
      add(`basis|${code}|${art.join(';')}`, {
        basis: code,
        family,
        citation: defaultCitation(code),
        claims: [c.claim_number],
        references,
        statement: null,
        pinpoints: [],
        ids: new Map([[`basis:${code}:${art.join(';')}`, [c.claim_number]]]),
        explanation: null,
        subtype: null,
        conflicting: family === 'DP' ? references.map((r) => r.number_display || r.name) : [],
      });
    }
  }
  for (const g of grounds) g.claims.sort((a, b) => a - b);
  return grounds
    .map((g, i) => ({ g, i }))
    .sort((x, y) => ORDER.indexOf(x.g.family) - ORDER.indexOf(y.g.family) || x.g.claims[0] - y.g.claims[0] || x.i - y.i)
    .map((x) => x.g);
}
