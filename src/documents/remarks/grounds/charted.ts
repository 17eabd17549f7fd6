/**
 * The traverse of a claim over the art, written from the claim chart (issue 18 item 6): the
 * limitation quoted from the claim, the examiner's words for it quoted from the action, the
 * passage cited quoted from the reference, and the words of the limitation that passage (or the
 * whole reference) does not contain. Every sentence is literal: a quotation of a held source, or
 * the presence or absence of words in a held text. What the absence means is argued only where
 * the reference never uses the words; otherwise the practitioner is asked to explain.
 *
 * A limitation is charted only when the examiner's words repeat it closely (the alignment is then
 * not in doubt) and the passage cited was resolved in the reference's held text. A dependent claim
 * is charted on its own only for what settles it (`settledOnly`): an abbreviation or numbered term
 * it adds that the reference never uses.
 *
 * Where the practitioner would be asked to explain, a language model's draft may stand instead
 * (issue 18 item 7): only sentences whose every quotation and pinpoint was verified, followed by a
 * note naming the model.
 */
import type { Paragraph } from 'docx';
import { draftingNote, para, quote } from '../../docx/paragraphs.ts';
import { prompt, run, type Inline } from '../../docx/runs.ts';
import type { PlannedClaim } from '../../amendment-plan.ts';
import type { RejectionGround } from '../../rejection-grounds.ts';
import type { PaperChartLimitation, PaperFile } from '../../types.ts';
import { listPhrase } from '../wording.ts';
import { claimsPhrase } from '../../format/claim-numbers.ts';
import { noteDraftedSentences, notePromptSite } from './chart-sites.ts';

/** The examiner's words must repeat this share of the limitation's (or vice versa) to be quoted as its mapping. */
const CLOSE_ENOUGH = 0.8;
/** At most this many limitations of one claim are argued from the chart. */
const MAX_LIMITATIONS = 3;
/** A passage longer than this is quoted up to a word boundary, with an ellipsis. */
const MAX_PASSAGE_CHARS = 1200;

const quoted = (terms: readonly string[], conjunction: 'or' | 'and' = 'or') =>
  listPhrase(
    terms.map((t) => `“${t}”`),
    conjunction,
  );
/** "[0065]" → "¶ [0065]"; column/line and unnumbered labels as they are. */
const cite = (label: string) => (/^\[\d+\]$/.test(label) ? `¶ ${label}` : label);

function cut(text: string): string {
  if (text.length <= MAX_PASSAGE_CHARS) return text;
  return `${text.slice(0, text.lastIndexOf(' ', MAX_PASSAGE_CHARS))} …`;
}

/** The chart's citations of a limitation that are into this ground's references. */
function citationsOf(l: PaperChartLimitation, g: RejectionGround): PaperChartLimitation['citations'] {
  const names = g.references.map((r) => r.name.toLowerCase());
  const numbers = g.references.map((r) => r.number_display);
  return l.citations.filter((c) => (c.reference_name && names.includes(c.reference_name.toLowerCase())) || numbers.some((n) => n && c.reference.includes(n)));
}

/** The limitations worth arguing from the chart, most telling first (terms the reference never uses). */
function chartedLimitations(g: RejectionGround, c: PlannedClaim, file: PaperFile | undefined, settledOnly = false): PaperChartLimitation[] {
  const claim = file?.charts.find((x) => x.claim_number === c.claim_number);
  if (!claim) return [];
  const usable = claim.limitations
    .filter((l) => l.assertion && (l.assertion_score ?? 0) >= CLOSE_ENOUGH && l.missing_terms.length > 0 && citationsOf(l, g).length > 0)
    .sort((a, b) => b.specific_absent_terms.length - a.specific_absent_terms.length || b.absent_terms.length - a.absent_terms.length);
  // The strongest distinctions only: those the reference's vocabulary settles, else the one
  // limitation whose passage lacks most (the practitioner explains it).
  const settled = usable.filter((l) => l.specific_absent_terms.length > 0);
  return settled.length ? settled.slice(0, MAX_LIMITATIONS) : settledOnly ? [] : usable.slice(0, 1);
}

/** What identifies a claim's charted argument: claims with the same key are argued once, together. */
export function chartedKey(g: RejectionGround, c: PlannedClaim, file: PaperFile | undefined): string {
  return chartedLimitations(g, c, file)
    .map(
      (l) =>
        `${l.text}|${l.assertion}|${citationsOf(l, g)
          .flatMap((x) => x.passages.map((p) => p.label))
          .join(',')}`,
    )
    .join('||');
}

/**
 * The paragraphs arguing claims from their charted limitations (one claim, or several that recite
 * the same limitation the examiner met with the same words and passage); empty when the chart
 * gives none.
 */
export function chartedArgument(
  g: RejectionGround,
  group: PlannedClaim | readonly PlannedClaim[],
  file: PaperFile | undefined,
  settledOnly = false,
): Paragraph[] {
  const claims = Array.isArray(group) ? (group as readonly PlannedClaim[]) : [group as PlannedClaim];
  const c = claims[0];
  if (!c) return [];
  const n = claims.map((x) => x.claim_number);
  const who = claimsPhrase(n, true);
  const of = claimsPhrase(n);
  const out: Paragraph[] = [];
  for (const l of chartedLimitations(g, c, file, settledOnly)) {
    const cites = citationsOf(l, g);
    const refName = cites[0].reference_name ?? cites[0].reference;
    const labels = listPhrase([...new Set(cites.flatMap((x) => x.passages.map((p) => cite(p.label))))]);
    out.push(para(`${who} ${n.length > 1 ? 'each recite' : 'recites'}:`), quote(l.text));
    out.push(para('For this limitation the Office Action states:'), quote(l.assertion!));
    const passages = cites
      .flatMap((x) => x.passages)
      .filter((p, i, all) => all.findIndex((q) => q.label === p.label) === i)
      .slice(0, 2);
    out.push(para(`${passages.length > 1 ? 'The passages cited read' : `${refName} ${cite(passages[0].label)} reads`}:`));
    for (const p of passages) out.push(quote(`${passages.length > 1 ? `${cite(p.label)}: ` : ''}${cut(p.text)}`));
    const facts: Inline[] = [
      run(
        `${passages.length > 1 ? 'These passages do' : 'This passage does'} not contain the term${l.missing_terms.length > 1 ? 's' : ''} ${quoted(l.missing_terms)}.`,
      ),
    ];
    if (l.absent_terms.length) {
      facts.push(
        run(
          ` ${l.absent_terms.length > 1 ? 'The terms' : 'The term'} ${quoted(l.absent_terms, 'and')} ${l.absent_terms.length > 1 ? 'do' : 'does'} not appear anywhere in ${refName}.`,
        ),
      );
    }
    out.push(para(facts));
    // Argued from the absence only of abbreviations and numbered terms: ordinary words may be
    // missing because the reference says the same thing otherwise (MPEP 2131: not ipsissimis verbis).
    const specific = l.specific_absent_terms;
    if (specific.length && cites.every((x) => (x.reference_name ?? x.reference) === refName)) {
      const verb = g.family === '103' ? 'teach or suggest' : 'disclose';
      out.push(
        para(
          `Because ${refName} nowhere mentions ${quoted(specific)}, it does not expressly ${verb} this limitation${file!.action_mentions_inherency ? '' : ', and the Office Action does not contend that it is inherent (MPEP 2112(IV))'}. ` +
            `${refName} ${labels} therefore cannot support the finding for this limitation of ${of}.`,
        ),
      );
    } else {
      out.push(...explanation(g, c, l, refName, cites, file!));
    }
  }
  return out;
}

/**
 * Why the passage does not meet the limitation, where its words alone do not settle it: the
 * sentences a language model drafted for it (each quotation and pinpoint verified against the held
 * texts, src/analysis/llm/chart-argument-check.ts) with a note naming the model, or else the
 * practitioner's bracketed place.
 */
function explanation(
  g: RejectionGround,
  c: PlannedClaim,
  l: PaperChartLimitation,
  refName: string,
  cites: PaperChartLimitation['citations'],
  file: PaperFile,
): Paragraph[] {
  const family = g.family === '103' ? '103' : '102';
  const drafted = l.drafted?.find((d) => d.family === family && d.reference === refName);
  if (drafted?.sentences.length) {
    const n = drafted.sentences.length;
    noteDraftedSentences(n);
    return [
      para(drafted.sentences.join(' ')),
      draftingNote(
        `${n === 1 ? 'The preceding sentence was' : `The preceding ${n} sentences were`} drafted by a language model (${drafted.model}) from the claim chart. ` +
          `${n === 1 ? 'Its' : 'Their'} quotations and pinpoints were checked against the held texts of the claim, the Office Action and ${refName}; the reasoning was not. Review ${n === 1 ? 'it' : 'them'} before filing.`,
      ),
    ];
  }
  const chart = file.charts.find((x) => x.claim_number === c.claim_number);
  notePromptSite({
    claim_number: c.claim_number,
    limitation: chart ? chart.limitations.indexOf(l) : -1,
    family,
    reference: refName,
    passages: cites.flatMap((x) => x.passages).filter((p, i, all) => all.findIndex((q) => q.label === p.label) === i),
    pinpoints: [...new Set(cites.map((x) => x.pinpoint))],
  });
  return [para([prompt(`Explain why ${refName} does not ${family === '103' ? 'teach or suggest' : 'disclose'} this limitation`), run('.')])];
}
