import type { Db } from '../db/connect.ts';
import { NO_DEADLINES, type DeadlineFields } from '../presenters/application.ts';

/**
 * The deadline fields of an application's lookup and deadlines records. Seam for the deadline
 * engine (issue 3): until it lands, no deadline is reported rather than a guessed one.
 */
export async function applicationDeadlineFields(_db: Db, _applicationId: string): Promise<DeadlineFields> {
  return NO_DEADLINES;
}
