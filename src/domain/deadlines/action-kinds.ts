// The kinds of Office action the calculator knows, and the interface's office_action_type codes
// (spec "Office action type codes": CTNF, CTFR, CTED, CTRS). The USPTO's own document/event codes
// (where CTRS means restriction) are a different vocabulary and are mapped in sources/, not here.

import { INTERFACE_TYPE_CODES, kindOfType } from '../office-action/type-codes.ts';

export const ACTION_KINDS = [
  'non_final',
  'final',
  'restriction',
  'requirement_for_information',
  'quayle',
  'missing_parts',
  'non_compliant_amendment',
  'notice_of_allowance',
] as const;

export type ActionKind = (typeof ACTION_KINDS)[number];

/** The interface specification's office_action_type codes, from the one table of that vocabulary. */
const INTERFACE_ACTION_CODES: Readonly<Record<string, ActionKind>> = Object.fromEntries(
  INTERFACE_TYPE_CODES.map((code) => [code, kindOfType(code) as ActionKind]),
);

export function isActionKind(value: unknown): value is ActionKind {
  return typeof value === 'string' && (ACTION_KINDS as readonly string[]).includes(value);
}

/** A kind name or an interface code, case-insensitive, surrounding blanks ignored; null otherwise. */
export function parseActionKind(input: string): ActionKind | null {
  if (typeof input !== 'string') return null;
  const s = input.trim();
  const upper = s.toUpperCase();
  if (Object.hasOwn(INTERFACE_ACTION_CODES, upper)) return INTERFACE_ACTION_CODES[upper] ?? null;
  const lower = s.toLowerCase();
  return isActionKind(lower) ? lower : null;
}

/**
 * Events of an application's life other than an Office action awaiting a reply: each starts the
 * deadlines of src/domain/deadlines/life-events.ts. The event date is the calculator's mailing_date.
 */
export const EVENT_KINDS = ['grant', 'notice_of_appeal', 'examiners_answer', 'provisional_filing', 'foreign_filing', 'pct_priority'] as const;

export type EventKind = (typeof EVENT_KINDS)[number];

/** Every kind the calculator accepts: Office actions, then life events. */
export const CALCULATOR_KINDS = [...ACTION_KINDS, ...EVENT_KINDS] as const;
export type CalculatorKind = ActionKind | EventKind;

export function isEventKind(value: unknown): value is EventKind {
  return typeof value === 'string' && (EVENT_KINDS as readonly string[]).includes(value);
}

/** parseActionKind, or an event kind by name (case-insensitive); null otherwise. */
export function parseCalculatorKind(input: string): CalculatorKind | null {
  const kind = parseActionKind(input);
  if (kind) return kind;
  if (typeof input !== 'string') return null;
  const lower = input.trim().toLowerCase();
  return isEventKind(lower) ? lower : null;
}

/** The kind of application (optional input): design and plant patents owe no maintenance fees (35 U.S.C. 41(b)(2)). */
export const APPLICATION_TYPES = ['utility', 'design', 'plant', 'reissue'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];
