/**
 * Restates a ground before answering it: the claims, the statute with its full citation, the
 * references, the examiner's own statement and the passages relied on (pinpoints), so the reply
 * reads against the action (37 CFR 1.111(b): reply to every ground "in the prior Office action").
 */
import type { Paragraph } from 'docx';
import { claimsPhrase, verbFor } from '../format/claim-numbers.ts';
import { para, quote } from '../docx/paragraphs.ts';
import { referenceLabel, type RejectionGround } from '../rejection-grounds.ts';
import { citationPhrase, groundPhrase, listPhrase } from './wording.ts';

const MAX_PASSAGES = 12;
/** A list is cut only when the cut saves more than this many passages: "and 1 further passage" names less than the passage would. */
const MIN_CUT = 3;

export function restatement(g: RejectionGround): Paragraph[] {
  const rest = groundPhrase(g);
  const out: Paragraph[] = [
    para(`${claimsPhrase(g.claims, true)} ${verbFor(g.claims, 'stands', 'stand')} rejected ${citationPhrase(g)}${rest ? ` ${rest}` : ''}.`),
  ];
  if (g.statement) {
    out.push(para('The Office Action states:'));
    out.push(quote(g.statement));
  }
  if (g.references.length) out.push(para(`${g.references.length === 1 ? 'Reference' : 'References'} applied: ${g.references.map(referenceLabel).join('; ')}.`));
  if (g.pinpoints.length) {
    // Each passage once; a long list is cut (the examiner's own explanation gives the rest).
    const shown = g.pinpoints.length - MAX_PASSAGES > MIN_CUT ? g.pinpoints.slice(0, MAX_PASSAGES) : g.pinpoints;
    const more = g.pinpoints.length - shown.length;
    out.push(
      para(
        `Passages relied on: ${passagesPhrase(
          shown,
          g.references.map((r) => r.name),
        )}${more > 0 ? `, and ${more} further passage${more === 1 ? '' : 's'} cited in the Office Action` : ''}.`,
      ),
    );
  }
  return out;
}

/**
 * "Laroia ¶0066, Figs. 2-5, and ¶0008; Zhu ¶0178": the passages by reference, each reference named
 * once (not "Laroia, ¶0066, Laroia, Figs. 2-5, ..."), in the order the action cites them.
 */
function passagesPhrase(pinpoints: readonly string[], names: readonly string[]): string {
  const groups = new Map<string, string[]>();
  const byLength = [...names].filter(Boolean).sort((a, b) => b.length - a.length);
  for (const p of pinpoints) {
    const name = byLength.find((n) => p.toLowerCase().startsWith(n.toLowerCase()) && /^[\s,]/.test(p.slice(n.length)));
    const key = name ?? '';
    const rest = name ? p.slice(name.length).replace(/^[\s,]+/, '') : p;
    groups.set(key, [...(groups.get(key) ?? []), rest || p]);
  }
  const parts = [...groups].map(([name, items]) => (name ? `${name} ${listPhrase(items)}` : listPhrase(items)));
  return parts.length > 1 ? parts.join('; ') : parts.join('');
}
