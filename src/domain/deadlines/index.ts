// Public API of the deadline calculator (used by the HTTP route, the CLI and the docket code).
export { calculateDeadlines } from './calculator.ts';
export { DeadlineInputError } from './errors.ts';
export { ACTION_KINDS, INTERFACE_ACTION_CODES, parseActionKind, type ActionKind } from './action-kinds.ts';
export { isBusinessDay, nextBusinessDay } from './business-days.ts';
export { federalHolidays, type Holiday } from './holidays.ts';
export { usptoClosures, closuresPendingConfirmation, type Closure } from './closures.ts';
export { EXTENSION_FEE_SCHEDULES, type EntitySize, type FeeAmounts } from './fees.ts';
export type { DeadlineInput, DeadlineResult, ExtensionDeadline, CitationEntry } from './types.ts';
