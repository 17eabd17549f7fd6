import type { Db } from '../../db/connect.ts';
import type { DraftJobRow } from '../../db/schema.ts';
import type { Builders } from '../builders.ts';
import type { ClaimEntry } from '../../domain/claims/claim-set.ts';
import type { LlmProvider } from '../../analysis/llm/index.ts';

/** Reports a step of the job: progress (integer percent) and what is being done. */
export type StepReporter = (progress: number, currentStep: string) => Promise<void>;

export interface RecipeContext {
  db: Db;
  job: DraftJobRow;
  builders: Builders;
  step: StepReporter;
  /** The optional language model (PROSA_LLM_*), built once when the worker starts; null or absent when none is configured. */
  llm?: LlmProvider | null;
}

export interface BuiltDocument {
  document: Buffer;
  filename: string;
  /** A response's claims once entered: stored for the application as the job completes (carried forward). */
  claimsAfter?: { after: ClaimEntry[]; responseDate: string };
}

/** How one kind of export turns its job into a document, step by step. */
export type Recipe = (ctx: RecipeContext) => Promise<BuiltDocument>;

/** `Response-17200011-2026-11-21.docx`: safe in a Content-Disposition header and on any file system. */
export function docxName(...parts: (string | null | undefined)[]): string {
  const stem = parts
    .filter((p): p is string => !!p)
    .map((p) => p.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, ''))
    .filter(Boolean)
    .join('-');
  return `${stem || 'document'}.docx`;
}
