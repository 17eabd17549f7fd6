/**
 * Wire shapes of signing up, signing in and the e-mailed account links (password reset, e-mail
 * verification): each is the route's response schema and the web app's type.
 */
import { z } from 'zod';
import { accountSchema, balanceSchema, signedInMemberSchema } from './account.ts';

/** POST /api/auth/signup (201): the new firm (or the firm joined by invitation), the member and the balance. */
export const signUpSchema = z.object({
  account: accountSchema,
  member: signedInMemberSchema.optional().describe('Present when the person joined a firm by invitation'),
  credits: balanceSchema,
});

/** POST /api/auth/signin: the firm and the member signed in (the session is the Set-Cookie). */
export const signInSchema = z.object({ account: accountSchema, member: signedInMemberSchema });
export type SignInWire = z.infer<typeof signInSchema>;

/** POST /api/auth/password-reset (202): the same answer whether or not the address has an account. */
export const passwordResetAcceptedSchema = z.object({ accepted: z.literal(true), message: z.string() });

/** POST /api/auth/password-reset/confirm: the new password is set and a session started. */
export const passwordResetDoneSchema = z.object({ account: accountSchema });

/** GET /api/auth/email-verification: the signed-in member's address and whether it is confirmed. */
export const emailVerificationSchema = z.object({ email: z.string(), verified: z.boolean() });
export type EmailVerificationWire = z.infer<typeof emailVerificationSchema>;

/** POST /api/auth/email-verification: 202 a link was sent; 200 nothing sent (already verified). */
export const emailVerificationSentSchema = emailVerificationSchema.extend({ sent: z.boolean() });
export type EmailVerificationSentWire = z.infer<typeof emailVerificationSentSchema>;

/** POST /api/auth/email-verification/confirm. */
export const emailVerifiedSchema = z.object({ email: z.string(), verified: z.literal(true) });
