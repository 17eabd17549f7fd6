// Public API of the deadline calculator (used by the HTTP route, the CLI and the docket code).
export { calculate, calculateDeadlines, calculateEventDeadlines } from './calculator.ts';
export { DeadlineInputError } from './errors.ts';
export {
  ACTION_KINDS,
  APPLICATION_TYPES,
  CALCULATOR_KINDS,
  EVENT_KINDS,
  INTERFACE_ACTION_CODES,
  parseActionKind,
  parseCalculatorKind,
  type ActionKind,
  type ApplicationType,
  type CalculatorKind,
  type EventKind,
} from './action-kinds.ts';
export { isBusinessDay, nextBusinessDay } from './business-days.ts';
export { federalHolidays, type Holiday } from './holidays.ts';
export { usptoClosures, closuresPendingConfirmation, type Closure } from './closures.ts';
export { EXTENSION_FEE_SCHEDULES, type EntitySize, type FeeAmounts } from './fees.ts';
export type {
  CalculatorInput,
  CalculatorResult,
  DeadlineInput,
  DeadlineResult,
  EventInput,
  EventResult,
  ExtensionDeadline,
  CitationEntry,
  LifeDeadline,
  LifeDeadlineKind,
} from './types.ts';
export { allowanceDeadlines, eventDeadlines } from './life-events.ts';
