/**
 * Where an audit-log row came from, in the words the account's audit view uses, and the actor
 * values (audit_log.actor, how the caller authenticated) behind each. Sign-up and sign-in run
 * before any credential exists (actor `anonymous`): they are the web app's.
 */
export const AUDIT_SOURCES = ['web', 'api_key', 'assistant', 'cli', 'system'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];

const ACTORS_BY_SOURCE: Readonly<Record<AuditSource, readonly string[]>> = {
  web: ['session', 'anonymous'],
  api_key: ['api_key'],
  assistant: ['bearer'],
  cli: ['cli'],
  system: ['system'],
};

/** Every audit_log.actor value: how the caller authenticated. */
export const AUDIT_ACTORS = ['session', 'anonymous', 'api_key', 'bearer', 'cli', 'system'] as const;

export function actorsOfSource(source: AuditSource): readonly string[] {
  return ACTORS_BY_SOURCE[source];
}

export function sourceOfActor(actor: string): AuditSource | null {
  for (const s of AUDIT_SOURCES) if (ACTORS_BY_SOURCE[s].includes(actor)) return s;
  return null;
}

/**
 * The actors a person acts through. A row written by one of them with no member_id (written
 * before firms, migration 032) was the firm's founding owner's, whose member id is the account id.
 */
export const PERSON_ACTORS = ['session', 'api_key', 'bearer'] as const;
