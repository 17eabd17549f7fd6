/** Checks shared by the export submissions: they run before anything is charged. */
import type { Db } from '../../db/connect.ts';
import type { ApplicationRow } from '../../db/schema.ts';
import { AppError, validationError } from '../../errors.ts';
import { normalizeApplicationNumber } from '../../domain/application-number.ts';
import { findApplicationForAccount } from '../../queries/applications.ts';
import { paperVisibleTo } from '../../queries/correspondence-visibility.ts';
import { STRATEGY_CODES, type StrategyCode } from '../../domain/response-plan/strategies.ts';
import { cannotAnswer, conflictWithClaim } from '../../domain/response-plan/ground-answers.ts';
import { claimNumbersOf, paperKindOf, type StoredAnalysis } from './inputs/analysis.ts';
import { documentCodesForActionKind } from '../../sources/uspto-codes.ts';
import { missingCaptionFields, type CaptionFallback } from './inputs/caption.ts';
import { findAccountAnalysis } from './inputs/analysis-records.ts';

export { todayUtc } from '../../clock.ts';

function applicationNotFound(raw: string): AppError {
  return new AppError(
    404,
    'app_not_found',
    `No application ${JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw)} was found.`,
    'Check the application number (8 digits, e.g. 17/200,011). Unpublished applications have no public record: add them to your docket with their details in the Prosa web app or through the MCP server, then retry.',
  );
}

/** The application record the account sees for a number, or 404 app_not_found. */
export async function resolveApplication(db: Db, accountId: string, raw: string): Promise<ApplicationRow> {
  const number = normalizeApplicationNumber(raw);
  const app = number ? await findApplicationForAccount(db, accountId, number) : undefined;
  if (!app) throw applicationNotFound(raw);
  return app;
}

/** A paper cannot be filed without its caption: refuse (unbilled) when the record lacks part of it. */
export function requireCaption(app: ApplicationRow, fallback: CaptionFallback = {}): void {
  const missing = missingCaptionFields(app, fallback);
  if (missing.length === 0) return;
  throw new AppError(
    422,
    'application_record_incomplete',
    `The record of application ${app.application_number} lacks ${missing.join(', ')}, which the paper's caption needs.`,
    'Complete the application in your docket (Prosa web app or MCP server), then retry; nothing was charged.',
  );
}

function analysisNotFound(analysisId: string, applicationNumber: string): AppError {
  return new AppError(
    404,
    'analysis_not_found',
    `No analysis ${JSON.stringify(analysisId.slice(0, 100))} of application ${JSON.stringify(applicationNumber.slice(0, 40))} was found.`,
    'Pass the analysis_id that POST /v1/prosa/analyze returned for this same application_number; analyses are visible only to the account that created them.',
  );
}

/**
 * The account's analysis of that application. Another account's analysis, or one of another
 * application, is not found (404, never 403): its existence is not disclosed.
 */
export async function resolveAnalysis(
  db: Db,
  accountId: string,
  analysisId: string,
  rawApplicationNumber: string,
): Promise<{ id: string; record: StoredAnalysis }> {
  const number = normalizeApplicationNumber(rawApplicationNumber);
  const analysis = await findAccountAnalysis(db, accountId, analysisId);
  if (!analysis || !number || analysis.application_number !== number) throw analysisNotFound(analysisId, rawApplicationNumber);
  return analysis;
}

const CODES: ReadonlySet<string> = new Set(STRATEGY_CODES);
const CLAIM_KEY = /^claim_([1-9]\d{0,3})(?::([a-z][0-9]{1,3}-[a-z0-9]{1,20}))?$/;

/**
 * `strategy_selections`: keys `claim_<n>` for a claim of the analysis, values strategy codes of
 * the one vocabulary (every code the analysis recommends is accepted, `amend_clarify` included);
 * `claim_<n>:<ground id>` chooses the answer to one ground of that claim (e.g. `claim_1:r3-dp`:
 * `terminal_disclaimer` beside `claim_1`: `amend_clarify`), where the ground is a ground of
 * rejection the claim faces, the strategy can answer it and it fits the claim's strategy
 * (src/domain/response-plan/ground-answers.ts). A bad entry is a 400 naming its key.
 */
export function checkStrategySelections(selections: Record<string, string> | null | undefined, analysis: StoredAnalysis): Record<string, StrategyCode> {
  const out: Record<string, StrategyCode> = {};
  if (!selections) return out;
  const claims = claimNumbersOf(analysis);
  const grounds = analysis.grounds ?? [];
  for (const [key, code] of Object.entries(selections)) {
    const field = `strategy_selections.${key}`;
    const m = CLAIM_KEY.exec(key);
    if (!m) throw validationError(field, 'keys must have the form claim_<n>, e.g. claim_1, or claim_<n>:<ground id>, e.g. claim_1:r3-dp');
    if (!claims.has(Number(m[1]))) {
      throw validationError(field, `claim ${m[1]} is not in the analysis (its claims: ${[...claims].sort((a, b) => a - b).join(', ') || 'none'})`);
    }
    if (typeof code !== 'string' || !CODES.has(code)) throw validationError(field, `must be one of ${STRATEGY_CODES.join(', ')}`);
    if (m[2]) {
      const g = grounds.find((x) => x.id === m[2]);
      if (!g?.claims.includes(Number(m[1]))) {
        const own = grounds.filter((x) => x.claims.includes(Number(m[1]))).map((x) => x.id);
        throw validationError(field, `ground ${m[2]} is not a ground of claim ${m[1]} (its grounds: ${own.join(', ') || 'none'})`);
      }
      const why = cannotAnswer(code as StrategyCode, g);
      if (why) throw validationError(field, `${code} cannot answer ground ${m[2]} (${g.statute}): ${why}`);
      // The claim's strategy as the draft will take it: its own selection, else the analysis' recommendation.
      const own = selections[`claim_${m[1]}`] ?? analysis.claim_analyses.find((c) => c.claim_number === Number(m[1]))?.recommendation;
      const conflict = conflictWithClaim(code as StrategyCode, CODES.has(own ?? '') ? (own as StrategyCode) : null);
      if (conflict) throw validationError(field, `${code} cannot answer ground ${m[2]} for claim ${m[1]}: ${conflict}`);
    }
    out[key] = code as StrategyCode;
  }
  return out;
}

/**
 * The mailing date of the office action replied to: as the caller states it, else as the text
 * states it, else the latest matching office action in the application's record as the account
 * sees it (the public papers and those it recorded itself).
 *
 * `pending`: the application's pending action as the caller already read it (pendingAction, for
 * the same account). It is the latest of all office actions the account sees, so when it is of
 * the analysed kind its date is the latest of that kind's dates too, and no read is needed.
 */
export async function resolveMailingDate(
  db: Db,
  accountId: string,
  given: string | undefined,
  analysis: StoredAnalysis,
  applicationId: string,
  stated: string | null,
  pending?: { document_code: string; mailing_date: string } | null,
): Promise<string> {
  if (given) return given;
  if (stated) return stated;
  // The USPTO's codes for a paper of the analysed kind (a restriction is its CTRS): mapped in sources/.
  const codes = documentCodesForActionKind(paperKindOf(analysis));
  if (pending && codes.includes(pending.document_code)) return pending.mailing_date;
  if (codes.length) {
    const row = await db
      .selectFrom('correspondence')
      .select('mailing_date')
      .where('application_id', '=', applicationId)
      .where('document_code', 'in', codes)
      .where(paperVisibleTo('correspondence.owner_account_id', accountId))
      .orderBy('mailing_date', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (row) return row.mailing_date;
  }
  throw validationError(
    'office_action_date',
    "is required: neither the office action's text nor the application's record gives its mailing date (send it as YYYY-MM-DD)",
  );
}
