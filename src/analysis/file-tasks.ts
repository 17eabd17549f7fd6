/**
 * The CPU-heavy steps of the application file (issue 18), as plain functions on plain data so
 * they run in an analysis thread like the analysis itself (threads/analysis-thread.ts): reading a
 * document's text into paragraphs, figures and claims; building a claim chart (it parses the
 * action again and compares every cited passage); searching the specification and the art.
 */
import type { ClaimEntry } from '../domain/claims/claim-set.ts';
import { buildClaimChart, type ChartInput, type ChartReferenceText, type ClaimChart } from '../domain/art/chart.ts';
import { searchSupport, type SearchableText, type SupportResult } from '../domain/art/support.ts';
import { readDocument, type FileDocumentKind, type ReadDocument } from '../domain/file/read-document.ts';
import { parseOfficeActionDetailed } from '../domain/office-action/parse.ts';

export interface ReadDocumentRequest {
  text: string;
  kind: FileDocumentKind;
}

export function readFileDocument(req: ReadDocumentRequest): ReadDocument {
  return readDocument(req.text, req.kind);
}

export interface ClaimChartRequest {
  actionText: string;
  claims: ClaimEntry[] | null;
  references: ChartReferenceText[];
  grounds?: ChartInput['grounds'];
}

export function claimChart(req: ClaimChartRequest): ClaimChart {
  return buildClaimChart({ detail: parseOfficeActionDetailed(req.actionText), claims: req.claims, references: req.references, grounds: req.grounds });
}

export interface SupportSearchRequest {
  text: string;
  specification: SearchableText[];
  references: SearchableText[];
}

export function supportSearch(req: SupportSearchRequest): SupportResult {
  return searchSupport(req.text, req.specification, req.references);
}
