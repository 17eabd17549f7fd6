/**
 * One examiner's profile by written name, as REST #7 and GET /api/examiners/{name} both find it:
 * the name normalized, 404 examiner_not_found, or the candidates of an ambiguous name (409).
 */
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../errors.ts';
import { errorBody } from '../../serving/error-body.ts';
import { examinerProfile, type ExaminerProfile } from '../../queries/examiner-profile.ts';
import { presentExaminerCandidate } from '../../presenters/examiner-profile.ts';

export interface ExaminerQuery {
  art_unit?: string;
  examiner_id?: string;
  from_year?: number;
  to_year?: number;
}

export type FoundExaminer =
  | { ok: true; profile: ExaminerProfile }
  | { ok: false; ambiguous: ReturnType<typeof errorBody> & { candidates: ReturnType<typeof presentExaminerCandidate>[] } };

export async function findExaminerProfile(db: Db, writtenName: string, q: ExaminerQuery, accountId: string): Promise<FoundExaminer> {
  const name = writtenName.normalize('NFKC').trim();
  if (!/\p{L}/u.test(name)) throw examinerNotFound(name);
  const result = await examinerProfile(db, name, {
    accountId,
    artUnit: q.art_unit ?? null,
    examinerId: q.examiner_id?.trim() || null,
    fromYear: q.from_year ?? null,
    toYear: q.to_year ?? null,
  });
  if (result.status === 'not_found') throw examinerNotFound(name);
  if (result.status === 'ambiguous') {
    return {
      ok: false,
      ambiguous: { ...errorBody(examinerAmbiguous(name, result.candidates.length)), candidates: result.candidates.map(presentExaminerCandidate) },
    };
  }
  return { ok: true, profile: result.profile };
}

function examinerNotFound(name: string): AppError {
  const shown = name.length > 80 ? `${name.slice(0, 80)}…` : name;
  return new AppError(
    404,
    'examiner_not_found',
    `No examiner named ${JSON.stringify(shown)} is in Prosa's USPTO data.`,
    "Take the name exactly as the application's lookup record gives it (GET /v1/prosa/lookup/{application_number}, field examiner_name, form LASTNAME, FIRSTNAME M), URL-encode it and retry. Prosa profiles the examiners of the applications in its USPTO data; a name with a typo or a first name only will not match.",
  );
}

function examinerAmbiguous(name: string, count: number): AppError {
  return new AppError(
    409,
    'examiner_ambiguous',
    `${count} examiners match ${JSON.stringify(name)}; see candidates.`,
    "Retry with one candidate's examiner_name, or add ?art_unit= with the current_art_unit from the application's lookup record (or ?examiner_id= when the candidates share a name).",
  );
}
