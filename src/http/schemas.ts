import { z } from 'zod';

/** The spec's error object, for OpenAPI. */
export const errorObjectSchema = z.object({
  error: z.literal(true),
  error_code: z.string(),
  message: z.string(),
  agent_suggestion: z.string(),
  request_id: z.string().optional(),
});
