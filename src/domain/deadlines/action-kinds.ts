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
export const INTERFACE_ACTION_CODES: Readonly<Record<string, ActionKind>> = Object.fromEntries(
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
