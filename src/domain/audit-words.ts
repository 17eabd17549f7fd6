/**
 * What each audit action says in people's words ("Draft response requested for 17/200,011"),
 * the one table the audit log, the dashboard's recent activity and the activity stream share
 * (presenters/audit-log.ts). `writeAudit` takes only an `AuditAction` (commands/audit.ts), so an
 * action without words here does not compile. Pure: no I/O.
 */
import { formatApplicationNumber } from './application-number.ts';

/** What the words may use: the written application number (when the row names one) and the row's details. */
export interface AuditFacts {
  /** 8 digits, or null when the entry is not about one application. */
  applicationNumber: string | null;
  details: Record<string, unknown> | null;
}

type Words = (f: { app: string; forApp: string; d: Record<string, unknown> }) => string;

const EXPORT_WORDS: Record<string, string> = {
  oa_response: 'response',
  ids: 'information disclosure statement',
  drawing: 'drawing sheet',
};

const FORM_WORDS: Record<string, string> = {
  extension_of_time: 'petition for extension of time',
  interview_request: 'interview request',
  rce_transmittal: 'RCE transmittal',
  notice_of_appeal: 'notice of appeal',
  pre_appeal_request: 'pre-appeal brief request',
  terminal_disclaimer: 'terminal disclaimer',
  issue_fee_transmittal: 'issue fee transmittal',
  client_report: 'client report',
  claim_chart: 'claim chart',
};

function draftWords(d: Record<string, unknown>): string {
  if (typeof d.form_kind === 'string' && d.form_kind) return FORM_WORDS[d.form_kind] ?? d.form_kind.replace(/_/g, ' ');
  return typeof d.export_type === 'string' ? (EXPORT_WORDS[d.export_type] ?? 'document') : 'response';
}

function credits(d: Record<string, unknown>): string {
  const micro = typeof d.amount_micro === 'string' && /^-?\d+$/.test(d.amount_micro) ? BigInt(d.amount_micro) : null;
  if (micro === null) return 'credits';
  const abs = micro < 0n ? -micro : micro;
  return `${(Number(abs / 10_000n) / 100).toFixed(2)} credits`;
}

function str(v: unknown, fallback: string): string {
  return typeof v === 'string' && v.trim() ? v : fallback;
}

const PROVIDERS: Record<string, string> = { google: 'Google', microsoft: 'Microsoft' };

/** Every action Prosa writes to the audit log, with its words. */
const AUDIT_ACTION_WORDS = {
  'account.created': () => 'Account created',
  'account.updated': () => 'Profile updated',
  'account.password_changed': () => 'Password changed',
  'account.password_reset_requested': () => 'Password reset link sent',
  'account.password_reset': () => 'Password reset by e-mailed link',
  'account.email_verification_sent': () => 'E-mail confirmation link sent',
  'account.email_verified': () => 'E-mail address confirmed',
  'account.identity_linked': ({ d }) => `Sign-in with ${PROVIDERS[str(d.provider, '')] ?? str(d.provider, 'another provider')} linked`,
  'account.identity_unlinked': ({ d }) => `Sign-in with ${PROVIDERS[str(d.provider, '')] ?? str(d.provider, 'another provider')} removed`,
  'account.spending_cap_set': ({ d }) =>
    d.daily_ai_cap === null || d.daily_ai_cap === undefined
      ? 'Daily AI spending cap removed'
      : `Daily AI spending cap set to ${String(d.daily_ai_cap)} credits`,
  'session.created': () => 'Signed in',
  'session.ended': () => 'Signed out',
  'api_key.created': ({ d }) => `API key “${str(d.name, 'unnamed')}” created`,
  'api_key.revoked': () => 'API key revoked',
  'calendar_feed.created': () => 'Calendar feed created',
  'calendar_feed.rotated': () => 'Calendar feed replaced (the old address stopped working)',
  'calendar_feed.revoked': () => 'Calendar feed turned off',
  'oauth.client_registered': ({ d }) => `Assistant “${str(d.client_name, 'unnamed')}” registered`,
  'oauth.consent_given': ({ d }) => `Assistant “${str(d.client_name, 'an assistant')}” connected`,
  'oauth.token_refreshed': () => 'Assistant connection renewed',
  'oauth.grant_revoked': () => 'Assistant disconnected',
  // The tool keeps its name: it is what the assistant's own transcript shows.
  'mcp.tool_call': ({ d }) =>
    `${str(d.client_name, str(d.client_id, 'An assistant'))} called ${str(d.tool, 'a tool')}${d.outcome && d.outcome !== 'ok' ? ` (${String(d.outcome).replace(/_/g, ' ')})` : ''}`,
  'docket.entry_added': ({ app }) => `${app} added to the docket`,
  'docket.entry_updated': ({ app }) => `Docket entry for ${app} updated`,
  'docket.entry_removed': ({ app }) => `${app} removed from the docket`,
  'docket.claims_recorded': ({ forApp, d }) => `Claims recorded${typeof d.claims === 'number' ? ` (${d.claims})` : ''}${forApp}`,
  'docket.document_added': ({ forApp }) => `Document added to the file${forApp}`,
  'docket.document_removed': ({ forApp }) => `Document removed from the file${forApp}`,
  'docket.office_action_recorded': ({ forApp }) => `Office action recorded${forApp}`,
  'docket.imported': ({ d }) =>
    `Docket imported${typeof d.added === 'number' ? `: ${d.added} application${d.added === 1 ? '' : 's'} added` : ''}${typeof d.customer_number === 'string' && d.customer_number ? ` (customer number ${d.customer_number})` : typeof d.file_name === 'string' && d.file_name ? ` from ${d.file_name}` : ''}`,
  'watch.paper_recorded': ({ forApp, d }) =>
    `New USPTO paper recorded by the watch${typeof d.document_code === 'string' ? ` (${d.document_code})` : ''}${forApp}`,
  'notifications.preferences_updated': () => 'Reminder and alert settings changed',
  'notifications.unsubscribed': ({ d }) =>
    `Unsubscribed from ${d.list === 'digest' ? 'the deadline digest' : d.list === 'alerts' ? 'new-paper alerts' : 'deadline reminders'} by e-mail link`,
  'webhook.created': ({ d }) => `Webhook endpoint added${typeof d.url === 'string' ? ` (${d.url})` : ''}`,
  'webhook.updated': () => 'Webhook endpoint changed',
  'webhook.deleted': ({ d }) => `Webhook endpoint removed${typeof d.url === 'string' ? ` (${d.url})` : ''}`,
  'webhook.secret_rotated': () => 'Webhook signing secret rotated',
  'webhook.test_sent': () => 'Webhook test event sent',
  'webhook.redelivered': () => 'Webhook delivery sent again',
  'firm.member_invited': ({ d }) => `Invitation sent${typeof d.email === 'string' ? ` to ${d.email}` : ''}${typeof d.role === 'string' ? ` as ${d.role}` : ''}`,
  'firm.member_joined': ({ d }) => `${typeof d.email === 'string' ? d.email : 'A member'} joined the firm${typeof d.role === 'string' ? ` as ${d.role}` : ''}`,
  'firm.member_left': ({ d }) => `${typeof d.email === 'string' ? d.email : 'A member'} left for another firm`,
  'firm.member_role_changed': ({ d }) =>
    `${typeof d.email === 'string' ? d.email : 'A member'}'s role changed${typeof d.from === 'string' && typeof d.to === 'string' ? ` from ${d.from} to ${d.to}` : ''}`,
  'firm.member_removed': ({ d }) => `${typeof d.email === 'string' ? d.email : 'A member'} removed from the firm`,
  'firm.invitation_revoked': ({ d }) => `Invitation${typeof d.email === 'string' ? ` to ${d.email}` : ''} withdrawn`,
  'docket.response_filed': ({ forApp }) => `Response recorded as filed${forApp}`,
  'analysis.created': ({ forApp }) => `Office action analyzed${forApp}`,
  'response_plan.created': ({ forApp }) => `Response plan started${forApp}`,
  'response_plan.claims_from_docket': ({ forApp }) => `Claims copied from the docket into the response plan${forApp}`,
  'response_plan.strategy_set': ({ forApp }) => `Claim strategy chosen${forApp}`,
  'response_plan.ground_strategy_set': ({ forApp }) => `Answer to a ground of rejection chosen${forApp}`,
  'response_plan.argument_set': ({ forApp }) => `Argument written${forApp}`,
  'response_plan.claim_text_set': ({ forApp }) => `Claim amendment written${forApp}`,
  'response_plan.election_set': ({ forApp }) => `Restriction election chosen${forApp}`,
  'response_plan.submitted': ({ forApp }) => `Response plan submitted for drafting${forApp}`,
  'draft_job.created': ({ forApp, d }) => `Draft ${draftWords(d)} requested${forApp}`,
  'draft_job.failed': ({ forApp }) => `Draft could not be made${forApp}; its credits were refunded`,
  'credits.charged.export': ({ forApp, d }) => `${credits(d)} charged for a draft${forApp}`,
  // Token charges are analyses' (analysis-creator.ts); drafts are charged as exports.
  'credits.charged.usage_tokens': ({ forApp, d }) => `${credits(d)} charged for an office action analysis${forApp}`,
  'credits.grant': ({ d }) => `${credits(d)} granted`,
  'credits.purchase': ({ d }) => (typeof d.amount_cents === 'number' ? `Credits bought for $${(d.amount_cents / 100).toFixed(2)}` : `${credits(d)} bought`),
  'credits.refund': ({ forApp, d }) => `${credits(d)} refunded${forApp}`,
  'credits.adjustment': ({ d }) => `Balance adjusted by ${credits(d)}`,
  'billing.checkout_started': ({ d }) =>
    typeof d.amount_cents === 'number' ? `Checkout started for $${(d.amount_cents / 100).toFixed(2)}` : 'Checkout started',
  'billing.checkout_mismatch': () => 'A payment did not match its checkout and was not credited',
} satisfies Record<string, Words>;

export type AuditAction = keyof typeof AUDIT_ACTION_WORDS;

export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_WORDS) as AuditAction[];

function isAuditAction(action: string): action is AuditAction {
  return Object.hasOwn(AUDIT_ACTION_WORDS, action);
}

/**
 * The entry in people's words. An action from an older release that the table no longer names
 * still reads as words ("docket entry updated"), never as a bare code with an internal id.
 */
export function describeAuditEntry(action: string, facts: AuditFacts): string {
  const app = facts.applicationNumber ? formatApplicationNumber(facts.applicationNumber) : '';
  const ctx = { app: app || 'An application', forApp: app ? ` for ${app}` : '', d: facts.details ?? {} };
  if (isAuditAction(action)) return (AUDIT_ACTION_WORDS[action] as Words)(ctx);
  const words = action
    .split('.')
    .map((p) => p.replace(/_/g, ' '))
    .join(' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}${ctx.forApp}`;
}
