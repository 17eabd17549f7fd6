/**
 * Page 1's account of a language model's part in the remarks (issue 18 item 7): how many of its
 * sentences the paper holds, how many it proposed that were kept out and why, or that it could not
 * be reached and the explanations are left to the practitioner. Counts of the sentences placed
 * come from the remarks as built, not from the model's reply.
 */
import type { DraftDropCode, PaperDrafting } from '../types.ts';

const WHY: Record<DraftDropCode, (n: number) => string> = {
  quotation: (n) => `${n} quoted words not found verbatim in the claim, the Office Action or the passages given`,
  undeclared_quotation: (n) => `${n} put words in quotation marks that ${n === 1 ? 'it' : 'they'} did not declare as a quotation`,
  pinpoint: (n) => `${n} cited a passage that was not given to the model`,
  absence: (n) => `${n} said a term was missing that the claim chart does not show missing`,
  names_claim: (n) => `${n} named a claim`,
  malformed: (n) => `${n} could not be read`,
  not_asked: (n) => `${n} answered a limitation that was not asked about`,
  excess: (n) => `${n} went beyond the sentences asked for`,
};

export function modelDraftingNotes(drafting: PaperDrafting | undefined, placed: number): string[] {
  if (!drafting) return [];
  const model = `a language model (${drafting.model})`;
  if (drafting.outcome === 'unavailable') {
    return [
      `The charted limitations were to be explained by ${model}, which could not be reached${drafting.detail ? ` (${drafting.detail})` : ''}; the explanations are left to the practitioner at the bracketed places.`,
    ];
  }
  if (drafting.outcome === 'unusable') {
    return [
      `The charted limitations were to be explained by ${model}, which did not answer in the format asked for; nothing it wrote is in this paper, and the explanations are left to the practitioner at the bracketed places.`,
    ];
  }
  const reasons = (Object.entries(drafting.dropped) as Array<[DraftDropCode, number]>).filter(([, n]) => n > 0);
  const dropped = reasons.reduce((sum, [, n]) => sum + n, 0);
  const head =
    placed > 0
      ? placed === 1
        ? `1 sentence of the remarks was drafted by ${model} from the claim chart and is marked by a drafting note; its quotations and pinpoints were checked against the held texts.`
        : `${placed} sentences of the remarks were drafted by ${model} from the claim chart and are marked by drafting notes; their quotations and pinpoints were checked against the held texts.`
      : `${model[0].toUpperCase()}${model.slice(1)} was asked to explain the charted limitations; none of its sentences is in this paper.`;
  const tail =
    dropped > 0
      ? ` ${dropped} proposed ${dropped === 1 ? 'sentence was' : 'sentences were'} dropped: ${reasons.map(([code, n]) => WHY[code](n)).join('; ')}.`
      : '';
  return [`${head}${tail}`];
}
