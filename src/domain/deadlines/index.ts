// Public API of the deadline calculator (used by the HTTP route, the CLI and the docket code).
export { calculate, calculateDeadlines, calculateEventDeadlines } from './calculator.ts';
export { DeadlineInputError } from './errors.ts';
export {
  ACTION_KINDS,
  APPLICATION_TYPES,
  CALCULATOR_KINDS,
  EVENT_KINDS,
  parseActionKind,
  parseCalculatorKind,
  type ActionKind,
  type ApplicationType,
  type CalculatorKind,
  type EventKind,
} from './action-kinds.ts';
export { isBusinessDay, nextBusinessDay } from './business-days.ts';
export type { Holiday } from './holidays.ts';
export type { Closure } from './closures.ts';
export type { EntitySize, FeeAmounts } from './fees.ts';
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
