/**
 * Who performs a command, and how they authenticated. Every write records this in the audit log
 * (spec: "Every authenticated tool call is written to the account's audit log").
 */
export interface Actor {
  /** The account acting; null for anonymous or operator actions not tied to an account. */
  accountId: string | null;
  /** The firm member acting (migration 032); absent for operator and system actions. */
  memberId?: string | null;
  /** session | api_key | bearer | cli | system | anonymous */
  via: 'session' | 'api_key' | 'bearer' | 'cli' | 'system' | 'anonymous';
  /** The request id, so audit rows can be matched to log lines. */
  requestId?: string;
}

export const SYSTEM_ACTOR: Actor = { accountId: null, via: 'system' };
export const CLI_ACTOR: Actor = { accountId: null, via: 'cli' };

/**
 * The member an account's actor is: null or absent means the firm's founding owner, whose member
 * id is the account id (migration 032: rows and actors from before firms name the account).
 */
export function actingMemberId(actor: Pick<Actor, 'memberId'>, accountId: string): string {
  return actor.memberId ?? accountId;
}
