/** The form of an e-mail address that identifies a person: NFKC, trimmed, lower-cased (sign-in is case-insensitive). */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}
