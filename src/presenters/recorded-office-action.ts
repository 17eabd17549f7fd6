/**
 * POST /api/docket/{id}/office-actions: the paper just recorded (without its text, which may be
 * 1 MB: GET /api/correspondence/{id} returns it) and the application's deadlines as they now stand.
 */
import { z } from 'zod';
import { paperSchema } from './correspondence.ts';
import { accountDeadlinesSchema } from './account-application.ts';

export const recordedOfficeActionSchema = z.object({
  correspondence: paperSchema,
  ...accountDeadlinesSchema.shape,
});
export type RecordedOfficeActionWire = z.infer<typeof recordedOfficeActionSchema>;
