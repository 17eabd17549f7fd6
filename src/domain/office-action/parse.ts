import { findClaimBlocks, type ClaimBlock } from './claim-blocks.ts';
import { findClaimMentions } from './claim-mentions.ts';
import { extractClaimStructure } from './claim-structure.ts';
import { extractAllowability, extractDispositions } from './dispositions.ts';
import { inferWithdrawnByElection } from './implied-withdrawal.ts';
import { findInjections } from './injection.ts';
import { extractMetadata } from './metadata.ts';
import { prepareText } from './normalize.ts';
import { extractObjections } from './objections.ts';
import { detectPaperKind } from './paper-kind.ts';
import { extractPinpoints } from './pinpoints.ts';
import { ReferenceRegistry } from './reference-registry.ts';
import { extractRejections } from './rejections.ts';
import { extractRestrictionGroups } from './restriction.ts';
import { findSections } from './sections.ts';
import { extractTreatments } from './treatment.ts';
import { segmentSentences } from './sentences.ts';
import { evidenceOf } from './spans.ts';
import { isExcluded, type StatementContext } from './statements.ts';
import { parseSummary } from './summary.ts';
import type { CitedReference, Evidence, ParsedOfficeAction, TypeHint, Warning } from './types.ts';

export type StageName = 'summary_parser' | 'rejection_extractor' | 'reference_normalizer' | 'claim_mapper' | 'strategy_engine';
/** Runs one pipeline stage; analyze.ts passes a runner that times each stage with an injected clock. */
export type StageRunner = <T>(name: StageName, run: () => T) => T;

export interface ParseOptions {
  typeHint?: TypeHint;
  stage?: StageRunner;
}

/** Inputs beyond this are parsed up to this length (a warning says so); no office action comes close. */
const MAX_INPUT_CHARS = 4_000_000;

const direct: StageRunner = (_name, run) => run();
const INFO_REQUIREMENT = /required\s{1,3}under\s{1,3}37\s{0,2}C\.?\s?F\.?\s?R\.?\s{0,3}§?\s{0,3}1\.105/gi;

/**
 * Parses the full text of an office action. Pure: no I/O, no clock; never throws on any string.
 * Every finding carries evidence whose span indexes the ORIGINAL `text`.
 */
export function parseOfficeAction(text: string, options: ParseOptions = {}): ParsedOfficeAction {
  return parseOfficeActionDetailed(text, options).parsed;
}

/**
 * The parse with what the claim chart needs beyond the record: the examiner's claim-by-claim
 * explanation blocks and the working text their offsets index (same offsets as the input).
 */
export interface DetailedParse {
  parsed: ParsedOfficeAction;
  blocks: ClaimBlock[];
  /** The input with page headers and markup blanked out; offsets equal the input's. */
  work: string;
  /** The input as parsed (truncated at MAX_INPUT_CHARS). */
  input: string;
}

export function parseOfficeActionDetailed(text: string, options: ParseOptions = {}): DetailedParse {
  const run = options.stage ?? direct;
  const warnings: Warning[] = [];
  let input = typeof text === 'string' ? text : '';
  if (input.length > MAX_INPUT_CHARS) {
    warnings.push({ code: 'input_truncated', message: `input longer than ${MAX_INPUT_CHARS} characters; only the beginning was parsed` });
    input = input.slice(0, MAX_INPUT_CHARS);
  }

  const front = run('summary_parser', () => {
    const prepared = prepareText(input);
    const sentences = segmentSentences(prepared.work);
    const injections = findInjections(input, prepared.work);
    const summary = parseSummary(input, prepared.work);
    const metadata = extractMetadata(input, prepared.clean, prepared.formParagraphCodes);
    const sections = findSections(prepared.work);
    return { prepared, sentences, injections, summary, metadata, sections };
  });
  warnings.push(...front.injections.warnings);
  const { prepared, sentences, summary, metadata, sections } = front;
  const work = prepared.work;

  const registry = new ReferenceRegistry(work);
  const body = run('rejection_extractor', () => {
    const ctx: StatementContext = {
      input,
      work,
      sentences,
      mentions: findClaimMentions(work),
      sections,
      excluded: [...summary.lines.map((l) => l.evidence.span), ...front.injections.regions],
    };
    const rejections = extractRejections(ctx, registry, warnings);
    const { objections, documents } = extractObjections(ctx);
    const allowability = extractAllowability(ctx);
    const dispositions = extractDispositions(ctx);
    const restrictionGroups = extractRestrictionGroups(input, work).filter((g) => !isExcluded(ctx, g.evidence.span));
    const information = infoRequirements(ctx);
    const implied = inferWithdrawnByElection(ctx, { summary, rejections, objections, allowability, dispositions });
    if (implied) {
      dispositions.push(implied.disposition);
      warnings.push(implied.warning);
    }
    return { ctx, rejections, objections, documents, allowability, dispositions, restrictionGroups, information };
  });

  const refs = run('reference_normalizer', () => {
    const blocks = findClaimBlocks(work, body.rejections, sections);
    const pinpoints = extractPinpoints(input, work, blocks);
    const references: CitedReference[] = registry.all().map((r) => ({
      ...r,
      cited_in: body.rejections.filter((rej) => rej.references.some((x) => x.id === r.id)).map((rej) => rej.id),
    }));
    return { blocks, pinpoints, references };
  });

  const { structure, treatments } = run('claim_mapper', () => ({
    structure: extractClaimStructure(input, work, refs.blocks, body.rejections, body.objections),
    treatments: extractTreatments(input, work, refs.blocks, body.rejections),
  }));

  const hasStructure =
    body.ctx.mentions.length > 0 &&
    (sections.length > 0 ||
      summary.found ||
      body.rejections.length + body.objections.length + body.allowability.length + body.dispositions.length + body.restrictionGroups.length > 0);
  const kind = detectPaperKind({
    input,
    work,
    hasRejections: body.rejections.length > 0,
    restrictionGroups: body.restrictionGroups.length,
    summaryRejected: summary.rejected.length,
    allowedOnly: body.allowability.some((a) => a.kind !== 'allowable_if_rewritten') && body.objections.length === 0,
    hasStructure,
    typeHint: options.typeHint,
  });
  warnings.push(...kind.warnings);
  if (!hasStructure && input.trim().length > 0) {
    warnings.push({ code: 'no_office_action_structure', message: 'no claim statements, form paragraphs or headings of an office action were found' });
  }
  if (summary.found && summary.rejected.length > 0) {
    const body_ = new Set(body.rejections.flatMap((r) => r.claims));
    const missing = summary.rejected.filter((c) => !body_.has(c));
    if (missing.length > 0 && body.rejections.length > 0) {
      warnings.push({
        code: 'summary_body_mismatch',
        message: `the summary lists claims ${missing.join(', ')} as rejected but no rejection statement names them`,
      });
    }
  }

  const parsed: ParsedOfficeAction = {
    kind: kind.result,
    metadata,
    summary,
    rejections: body.rejections,
    objections: body.objections,
    document_objections: body.documents,
    allowability: body.allowability,
    dispositions: body.dispositions,
    restriction_groups: body.restrictionGroups,
    references: refs.references,
    pinpoints: refs.pinpoints,
    claim_structure: structure,
    treatments,
    information_requirements: body.information,
    warnings,
    stats: { input_chars: input.length, sentences: sentences.count, candidate_statements: body.ctx.mentions.length },
  };
  return { parsed, blocks: refs.blocks, work, input };
}

/** 37 CFR 1.105 requirements for information (MPEP 704.10-704.14): the sentences that impose them. */
function infoRequirements(ctx: StatementContext): Evidence[] {
  const out: Evidence[] = [];
  INFO_REQUIREMENT.lastIndex = 0;
  for (let m = INFO_REQUIREMENT.exec(ctx.work); m && out.length < 20; m = INFO_REQUIREMENT.exec(ctx.work)) {
    const i = ctx.sentences.indexAt(m.index);
    const span = i >= 0 ? { start: ctx.sentences.starts[i], end: ctx.sentences.ends[i] } : { start: m.index, end: m.index + m[0].length };
    if (!isExcluded(ctx, span)) out.push(evidenceOf(ctx.input, span.start, span.end));
  }
  return out;
}
