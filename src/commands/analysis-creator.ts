import { createHash } from 'node:crypto';
import type { Db } from '../db/connect.ts';
import { AppError, conflict, validationError } from '../errors.ts';
import { randomBase62, sha256Hex } from '../auth/secrets.ts';
import { normalizeApplicationNumber } from '../domain/application-number.ts';
import { tokenCostMicro } from '../domain/pricing.ts';
import { formatCredits } from '../domain/money.ts';
import type { ExaminerStats, TypeHint } from '../domain/office-action/index.ts';
import { runAnalysis } from '../analysis/run-analysis.ts';
import { countTokens } from '../analysis/llm/token-count.ts';
import { practitionerText } from '../analysis/billable-text.ts';
import { draftArgumentOutlines, ARGUMENT_OUTLINER_VERSION, LlmProviderError, type LlmProvider } from '../analysis/llm/index.ts';
import { presentAnalysisWithJson, type AnalysisRecord } from '../presenters/analysis.ts';
import { findApplicationForAccount } from '../queries/applications.ts';
import type { Actor } from './actor.ts';
import { lockIdempotencyKey } from './idempotency-lock.ts';
import { analysisPrecheck, assertUnderSpendingCapLocked } from './spending-cap.ts';
import type { Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { basesToRecord, type AnalysisBasesInput } from './analysis-bases-recorder.ts';
import { analysisCompletedEvent } from './events/completion-events.ts';
import { writeAnalysis, type AnalysisWrite } from './analysis-writer.ts';
import { analysisEngine, type AnalysisEngine } from '../analysis/analysis-engine.ts';
import { packJson, unpackJson } from '../db/packed-json.ts';

/** office_action_text may be up to 1 MB (docs/decisions/office-actions.md); larger is refused with 413. */
export const MAX_OFFICE_ACTION_BYTES = 1024 * 1024;

export interface AnalysisCreatorProps {
  /** The account that is billed and owns the analysis. */
  accountId: string;
  /** Full text of the office action. */
  text: string;
  /** The interface type code the caller states; null when not stated (the spec's default, CTNF, is then the hint). */
  officeActionType: TypeHint | null;
  /** Whether examiner behaviour informs the strategy (spec default true). */
  includeExaminerIntel: boolean;
  /** The application, in any written form; when absent, the number the action states is used. */
  applicationNumber?: string | null;
  /** A retry with the same key and the same request returns the same analysis, unbilled. */
  idempotencyKey?: string | null;
  /** Looks up examiner statistics by name; the examiner-intelligence seam. */
  examinerStats?: (examinerName: string, accountId: string) => Promise<ExaminerStats | null>;
  /** The optional LLM expert (argument outlines); null or absent when no provider is configured. */
  llm?: LlmProvider | null;
  /** Where parsing, token counting and the record run; default: the process's thread pool. */
  engine?: AnalysisEngine;
}

export interface CreatedAnalysis {
  record: AnalysisRecord;
  /** True when an earlier analysis was returned for a repeated Idempotency-Key. */
  replayed: boolean;
}

/** The type the parser is told: the caller's, else the spec's default. */
function hintOf(p: AnalysisCreatorProps): TypeHint {
  return p.officeActionType ?? 'CTNF';
}

/** `textSha256`: the text's own digest, which the analysis stores too (hashed once). */
function fingerprint(p: AnalysisCreatorProps, textSha256: string): string {
  return createHash('sha256')
    .update(JSON.stringify([textSha256, hintOf(p), p.includeExaminerIntel, p.applicationNumber ?? null]))
    .digest('hex');
}

async function replay(db: Db | Transaction<Schema>, accountId: string, key: string, print: string): Promise<CreatedAnalysis | null> {
  const existing = await db
    .selectFrom('analyses')
    .select(['record', 'request_fingerprint'])
    .where('account_id', '=', accountId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!existing) return null;
  if (existing.request_fingerprint !== print) {
    throw conflict(
      'idempotency_key_reused',
      'This Idempotency-Key was already used for a different analysis request.',
      'Use a new Idempotency-Key for a new request; reuse a key only to retry the very same request.',
    );
  }
  return { record: unpackJson<AnalysisRecord>(existing.record), replayed: true };
}

/**
 * Analyzes an office action, stores the analysis and bills its tokens (input: the action's
 * text; output: the rationales written for the practitioner; counted with a real tokenizer) at
 * 50 / 200 credits per million x the account's multiplier. Never blocked by the balance (spec,
 * Credit billing 2). The parse, the token counts and the bounded record are computed off the
 * request thread (analysis/analysis-engine.ts); the record, the charge and the audit row commit
 * together.
 */
export async function analysisCreator(db: Db, actor: Actor, props: AnalysisCreatorProps): Promise<CreatedAnalysis> {
  if (Buffer.byteLength(props.text, 'utf8') > MAX_OFFICE_ACTION_BYTES) {
    throw new AppError(
      413,
      'payload_too_large',
      'office_action_text is larger than 1 MB.',
      'Send the office action text alone (without attachments such as cited references), at most 1 MB.',
    );
  }
  if (props.text.trim().length === 0) throw validationError('office_action_text', 'must not be empty');
  const textSha256 = sha256Hex(props.text);
  const print = fingerprint(props, textSha256);
  const key = props.idempotencyKey ?? null;
  if (key) {
    const earlier = await replay(db, props.accountId, key, print);
    if (earlier) return earlier;
  }

  // The owner's daily cap (issue 12): refused before the work when no retry could be waiting;
  // the same statement reads the account's price multiplier. With a key the cap is checked in the
  // transaction alone (a retry gets its analysis back, never a refusal), so `capped` is moot then.
  const { multiplierMilli, capped } = key
    ? {
        multiplierMilli: (await db.selectFrom('accounts').select('model_multiplier_milli').where('id', '=', props.accountId).executeTakeFirstOrThrow())
          .model_multiplier_milli,
        capped: true,
      }
    : await analysisPrecheck(db, props.accountId);

  let stated: string | null = null;
  if (props.applicationNumber) {
    stated = normalizeApplicationNumber(props.applicationNumber);
    if (!stated) throw validationError('application_number', 'must be a US application number such as 17/200,011 (8 digits)');
  }
  const computed = props.llm
    ? await computeWithOutliner(db, props, stated, multiplierMilli, props.llm)
    : await computeOffThread(db, props, stated, multiplierMilli, props.engine ?? analysisEngine());
  const { id, record, recordPacked, inputTokens, outputTokens, tokenSource, cost, application, examinerName, bases, mailingDate } = computed;
  const number = record.application_number;

  const write: AnalysisWrite = {
    actor,
    analysis: {
      id,
      account_id: props.accountId,
      member_id: actor.accountId === props.accountId ? (actor.memberId ?? null) : null,
      application_id: application?.id ?? null,
      application_number: number,
      office_action_type: record.rejection_type,
      text: props.text,
      text_sha256: textSha256,
      record: recordPacked,
      input_tokens: inputTokens,
      output_tokens: outputTokens,
      token_source: tokenSource,
      cost_micro: cost,
      idempotency_key: key,
      request_fingerprint: print,
    },
    charge: cost > 0n ? { amountMicro: cost, description: `Office action analysis (${inputTokens} input + ${outputTokens} output tokens)` } : null,
    // The examiner's rejection patterns learn from this account's analyses (counted for it alone).
    bases: basesOf({
      accountId: props.accountId,
      applicationId: application?.id ?? null,
      applicationNumber: number,
      examinerName,
      bases,
      mailingDate,
      analysisId: id,
      knownApplication: application ?? null,
    }),
    // Announced with the analysis, or not at all (the docket events outbox; webhooks).
    event: analysisCompletedEvent({
      id,
      accountId: props.accountId,
      applicationId: application?.id ?? null,
      applicationNumber: number,
      rejectionType: record.rejection_type,
      claimsAnalyzed: record.claim_analyses.length,
    }),
    audit: {
      accountId: props.accountId,
      action: 'analysis.created',
      targetType: 'analysis',
      targetId: id,
      details: { application_number: number, type: record.rejection_type, claims: record.claim_analyses.length },
    },
  };
  // No retry can be waiting and the account had no cap before the work: one statement, no
  // transaction. It writes nothing if a cap was set meanwhile; the locked check below decides then.
  if (!key && !capped && (await writeAnalysis(db, write, { unlessCapped: true }))) return { record, replayed: false };

  try {
    const earlier = await db.transaction().execute(async (trx): Promise<CreatedAnalysis | null> => {
      if (key) {
        // Concurrent copies of one request wait for each other here; the later ones answer the
        // first's analysis, unbilled (issue 12 item 2).
        await lockIdempotencyKey(trx, 'analysis', props.accountId, key);
        const done = await replay(trx, props.accountId, key, print);
        if (done) return done;
      }
      // Serialized per capped account: concurrent analyses cannot all pass the check (issue 20).
      await assertUnderSpendingCapLocked(trx, props.accountId);
      await writeAnalysis(trx, write, { unlessCapped: false });
      return null;
    });
    if (earlier) return earlier;
  } catch (err) {
    // A concurrent retry with the same key won the race: answer with its analysis.
    if (key) {
      const earlier = await replay(db, props.accountId, key, print);
      if (earlier) return earlier;
    }
    throw err;
  }
  return { record, replayed: false };
}

interface Computed {
  id: string;
  record: AnalysisRecord;
  recordPacked: Uint8Array;
  inputTokens: number;
  outputTokens: number;
  tokenSource: 'tokenizer' | 'tokenizer+provider';
  cost: bigint;
  application: Awaited<ReturnType<typeof findApplicationForAccount>>;
  examinerName: string | null;
  bases: string[];
  mailingDate: string | null;
}

/** The bases to record with the analysis (the creator has read the application already), or null. */
function basesOf(input: AnalysisBasesInput): AnalysisWrite['bases'] {
  const found = basesToRecord(input, input.knownApplication ?? undefined);
  return typeof found === 'string' ? null : found;
}

const needNumber = () => validationError('application_number', 'is required: the office action text does not state the application number');

/**
 * The deterministic analysis with its CPU work off the request thread (issue 12 item 6): the
 * engine parses, the database is read here (application, examiner statistics), then the engine
 * adds the statistics, counts tokens and builds the bounded record.
 */
async function computeOffThread(
  db: Db,
  props: AnalysisCreatorProps,
  stated: string | null,
  multiplierMilli: number,
  engine: AnalysisEngine,
): Promise<Computed> {
  const id = `an_${randomBase62(24)}`;
  const job = { handle: id, text: props.text, typeHint: hintOf(props) };
  const first = await engine.firstPass(job);
  const number = stated ?? normalizeApplicationNumber(first.result.applicationNumber ?? '');
  if (!number) throw needNumber();
  const application = await findApplicationForAccount(db, props.accountId, number);
  const examinerName = application?.examiner_name ?? first.result.examinerName ?? null;
  let stats: ExaminerStats | null = null;
  if (props.includeExaminerIntel && examinerName && props.examinerStats) stats = await props.examinerStats(examinerName, props.accountId);
  const out = await engine.buildRecord(
    {
      ...job,
      examinerStats: stats,
      meta: {
        analysisId: id,
        applicationNumber: number,
        requestedType: props.officeActionType,
        createdAt: new Date().toISOString(),
        examinerIntel: { requested: props.includeExaminerIntel, examiner_name: examinerName, stats },
        multiplierMilli,
      },
    },
    first.slot,
  );
  return {
    id,
    record: out.record ?? (JSON.parse(out.recordJson) as AnalysisRecord),
    recordPacked: out.recordPacked,
    inputTokens: out.inputTokens,
    outputTokens: out.outputTokens,
    tokenSource: 'tokenizer',
    cost: BigInt(out.costMicro),
    application,
    examinerName,
    bases: out.bases,
    mailingDate: out.mailingDate,
  };
}

/**
 * With the optional LLM expert: the pipeline runs in process, since the outliner needs the
 * analysis itself between the parse and the record (a provider round trip dominates anyway).
 */
async function computeWithOutliner(
  db: Db,
  props: AnalysisCreatorProps,
  stated: string | null,
  multiplierMilli: number,
  provider: LlmProvider,
): Promise<Computed> {
  let number = stated;
  // A first pass without examiner statistics finds the application and examiner the text states.
  let run = runAnalysis(props.text, { typeHint: hintOf(props), examinerStats: null });
  number ??= normalizeApplicationNumber(run.analysis.parsed.metadata.application_number?.value ?? '');
  if (!number) throw needNumber();
  const application = await findApplicationForAccount(db, props.accountId, number);
  const examinerName = application?.examiner_name ?? run.analysis.parsed.metadata.examiner?.normalized ?? null;
  let stats: ExaminerStats | null = null;
  if (props.includeExaminerIntel && examinerName && props.examinerStats) {
    stats = await props.examinerStats(examinerName, props.accountId);
    if (stats) run = runAnalysis(props.text, { typeHint: hintOf(props), examinerStats: stats, reuse: run });
  }

  const id = `an_${randomBase62(24)}`;
  const createdAt = new Date();
  const llm = await outline(provider, props.text, run);
  const base = {
    analysisId: id,
    applicationNumber: number,
    requestedType: props.officeActionType,
    createdAt,
    examinerIntel: { requested: props.includeExaminerIntel, examiner_name: examinerName, stats },
    extraExperts: llm.expert ? [llm.expert] : [],
    argumentOutlines: llm.outlines,
    llmError: llm.error,
  };
  // Tokens: the pipeline's input (the action) plus the LLM's prompt as its provider reports it.
  const inputTokens = countTokens(props.text) + llm.usage.input_tokens;
  // Output: the rationales the analysis writes for the practitioner (never the JSON framing), plus
  // what a language model wrote as its provider reports it (docs/decisions/billing.md "Analyses").
  const outputTokens = countTokens(practitionerText(run.analysis)) + llm.usage.output_tokens;
  const tokenSource = llm.usage.input_tokens > 0 || llm.usage.output_tokens > 0 ? 'tokenizer+provider' : 'tokenizer';
  const cost = tokenCostMicro(inputTokens, outputTokens, multiplierMilli);
  const { record, json } = presentAnalysisWithJson(run, {
    ...base,
    billing: { input_tokens: inputTokens, output_tokens: outputTokens, token_source: tokenSource, cost: formatCredits(cost) },
  });
  return {
    id,
    record,
    recordPacked: packJson(json),
    inputTokens,
    outputTokens,
    tokenSource,
    cost,
    application,
    examinerName,
    bases: [...new Set(record.claim_analyses.flatMap((c) => c.rejections.map((r) => r.basis)))],
    mailingDate: run.analysis.parsed.metadata.mailing_date?.value ?? null,
  };
}

interface OutlineRun {
  outlines: unknown[];
  usage: { input_tokens: number; output_tokens: number };
  expert: { name: string; version: string; confidence: number } | null;
  error: string | null;
}

/**
 * The optional LLM expert: per-claim argument outlines grounded in the action's text. A provider
 * failure never fails the analysis (the deterministic record stands); it is reported instead.
 */
async function outline(provider: LlmProvider, text: string, run: ReturnType<typeof runAnalysis>): Promise<OutlineRun> {
  const flaggedSpans = run.analysis.parsed.warnings.filter((w) => w.code === 'possible_prompt_injection' && w.evidence).map((w) => w.evidence!.span);
  try {
    const r = await draftArgumentOutlines(provider, { text, claimAnalyses: run.analysis.claim_analyses, flaggedSpans });
    const proposed = r.outlines.length + r.rejected;
    return {
      outlines: r.outlines,
      usage: r.usage,
      expert:
        proposed === 0 && r.usage.input_tokens === 0
          ? null
          : {
              name: 'argument_outliner',
              version: `${ARGUMENT_OUTLINER_VERSION} (${r.model})`,
              confidence: proposed === 0 ? 0 : Number((r.outlines.length / proposed).toFixed(3)),
            },
      error: r.replyWellFormed ? null : 'The language model did not answer in the requested format; no outlines were kept.',
    };
  } catch (err) {
    if (!(err instanceof LlmProviderError)) throw err;
    return {
      outlines: [],
      usage: { input_tokens: 0, output_tokens: 0 },
      expert: null,
      error: `The optional language-model expert was unavailable (${err.message}); the analysis is complete without argument outlines.`,
    };
  }
}
