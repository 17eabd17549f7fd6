/**
 * What the application file contributes to a response being built (issue 18 item 6): the claim
 * chart of the action against the claims the paper starts from and the references' held texts,
 * and, for each claim the practitioner amends, the words added and the specification paragraphs
 * that contain them. Read when the job runs (the worker), from the account's own file only.
 */
import type { Db } from '../../../db/connect.ts';
import type { DraftJobRow } from '../../../db/schema.ts';
import type { PaperFile, PaperSupport } from '../../../documents/types.ts';
import { addedWords } from '../../../domain/claims/claim-amendments.ts';
import { analysisEngine } from '../../../analysis/analysis-engine.ts';
import { groundsOf } from '../../../domain/response-plan/grounds.ts';
import { chartSources } from '../../../queries/chart-sources.ts';
import { heldSpecifications } from '../../../queries/file-documents.ts';
import type { OaResponseRequest } from '../request-types.ts';
import { claimsBeforeResponse } from './claims-before.ts';
import { paperFileOf } from './paper-file.ts';
import { unpackJson } from '../../../db/packed-json.ts';

export async function fileFindings(
  db: Db,
  job: Pick<DraftJobRow, 'analysis_id' | 'account_id' | 'application_id'>,
  request: OaResponseRequest,
): Promise<PaperFile | null> {
  if (!job.analysis_id) return null;
  const row = await db
    .selectFrom('analyses')
    .select(['id', 'application_number', 'record', 'text'])
    .where('id', '=', job.analysis_id)
    .where('account_id', '=', job.account_id)
    .executeTakeFirst();
  if (!row) return null;
  const analysis = { ...row, record: unpackJson(row.record) };
  const sources = await chartSources(db, job.account_id, analysis);
  // The paper's own starting claims (frozen at submission), not whatever the docket holds now.
  const claims = claimsBeforeResponse(request).filter((c) => c.text !== null || c.status === 'cancelled');
  const engine = analysisEngine();
  const chart = claims.length
    ? await engine.claimChart({
        actionText: analysis.text,
        claims,
        references: sources.references,
        grounds: groundsOf(analysis.record as never, analysis.text).map((g) => ({ id: g.id, basis: g.basis, statement: { span: g.statement.span } })),
      })
    : null;
  const support: Record<number, PaperSupport> = {};
  const amended = Object.entries(request.amended_claims ?? {});
  if (amended.length && job.application_id) {
    const specs = await heldSpecifications(db, job.account_id, job.application_id);
    for (const [n, text] of amended) {
      const old = request.claims?.[n];
      const added = old ? addedWords(old, text) : '';
      if (!added) continue;
      const found = specs.length
        ? await engine.supportSearch({
            text: added,
            specification: specs.map((s) => ({ document_id: s.document_id, label: 'specification', text: s.text, paragraphs: s.paragraphs })),
            references: [],
          })
        : null;
      support[Number(n)] = { added, citation: found?.citation ?? null };
    }
  }
  return chart || Object.keys(support).length ? paperFileOf(chart, support, analysis.text) : null;
}
