/**
 * The practitioner's own text from a response plan, placed where it answers (an isolated hook:
 * build-response.ts calls these and nothing else here changes):
 * - a rejection's argument goes under that ground (matched by ground id), after the restatement; the claims it argues
 *   (strategy argue_distinction / argue_unexpected_results) get no generated skeleton there;
 * - the reasons for a traverse go in the Election section, the information in the Requirement for
 *   Information section (remarks/restriction.ts takes them);
 * - a reply to an objection to the specification, abstract, drawings or other papers, or to the
 *   claims, goes in that objection's section (remarks/objections.ts takes it); anything not matched
 *   to a section goes in one "Objections" section, so no text the practitioner wrote is ever dropped.
 */
import type { Paragraph } from 'docx';
import { heading, para } from '../docx/paragraphs.ts';
import type { RejectionGround } from '../rejection-grounds.ts';
import type { PractitionerArgument, StrategyCode } from '../types.ts';

/** The practitioner's text as paragraphs: one per blank-line-separated block, lines kept. */
export function practitionerParagraphs(text: string): Paragraph[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .join(' '),
    )
    .filter(Boolean)
    .map((block) => para(block));
}

const ARGUING: ReadonlySet<string> = new Set(['argue_distinction', 'argue_unexpected_results']);

/** The plan's arguments on a rejection section of the paper: those on the grounds it answers (by ground id, the record's one scheme). */
export function argumentsForGround(g: RejectionGround, args: readonly PractitionerArgument[] | undefined): PractitionerArgument[] {
  if (!args?.length) return [];
  return args.filter((a) => a.kind === 'rejection' && g.ids.has(a.ground_id));
}

/** The plan's reply on one ground (an objection), if any. */
export function replyFor(groundId: string, args: readonly PractitionerArgument[] | undefined): string | undefined {
  const texts = (args ?? [])
    .filter((a) => a.ground_id === groundId)
    .map((a) => a.text.trim())
    .filter(Boolean);
  return texts.length ? texts.join('\n\n') : undefined;
}

/**
 * The remarks under a rejection ground with the practitioner's argument: the argument, then the
 * generated answer for the ground's other claims (cancelled, amended, ...), told that the
 * argument is there (`argued`: it states what the paper does and asks for no explanation the
 * argument gives). The claims the argument carries, those whose answer on this ground is to argue
 * it (`answerOf`: the claim's strategy as it applies to this ground, e.g. a claim disclaimed over
 * double patenting is argued on its other grounds), are left out of the generated answer.
 */
export function groundWithArgument(
  g: RejectionGround,
  args: readonly PractitionerArgument[],
  answerOf: (n: number) => StrategyCode | null,
  generate: (ground: RejectionGround, argued: boolean) => Paragraph[],
): Paragraph[] {
  const argued = new Set(g.claims.filter((n) => ARGUING.has(answerOf(n) ?? '')));
  const out: Paragraph[] = args.flatMap((a) => practitionerParagraphs(a.text));
  const rest = g.claims.filter((n) => !argued.has(n));
  if (rest.length) out.push(...generate({ ...g, claims: rest }, true));
  else out.push(para('Withdrawal of the rejection is respectfully requested.'));
  return out;
}

/** One section holding the replies to objections and any argument no other section took. */
export function practitionerSection(
  args: readonly PractitionerArgument[] | undefined,
  placed: ReadonlySet<string>,
): { heading: string; paragraphs: Paragraph[] } | null {
  const rest = (args ?? []).filter((a) => !placed.has(a.ground_id) && a.kind !== 'restriction' && a.kind !== 'information_requirement');
  if (!rest.length) return null;
  const paragraphs: Paragraph[] = [];
  for (const a of rest) {
    paragraphs.push(heading(3, a.heading));
    paragraphs.push(...practitionerParagraphs(a.text));
  }
  return { heading: rest.every((a) => a.kind !== 'rejection') ? 'Objections' : 'Further Remarks', paragraphs };
}

/** The plan's reply to a restriction (traverse reasons) or a requirement for information. */
export function requirementText(args: readonly PractitionerArgument[] | undefined, kind: 'restriction' | 'information_requirement'): string | undefined {
  const texts = (args ?? [])
    .filter((a) => a.kind === kind)
    .map((a) => a.text.trim())
    .filter(Boolean);
  return texts.length ? texts.join('\n\n') : undefined;
}
