// Validation of DeadlineInput. Input may come straight from JSON, so every field is checked at
// run time; each failure is a DeadlineInputError naming the field.
import { APPLICATION_TYPES, CALCULATOR_KINDS, isActionKind, isEventKind, type ActionKind, type ApplicationType, type EventKind } from './action-kinds.ts';
import { isIsoDate, type IsoDate } from './calendar.ts';
import { DeadlineInputError } from './errors.ts';
import { ENTITY_SIZES, type EntitySize } from './fees.ts';
import { maxStatedMonths, minStatedMonths, PERIOD_RULES } from './periods.ts';
import type { DeadlineInput, EventInput } from './types.ts';

/** Dates the calculator accepts: the Uniform Monday Holiday Act calendar (1971) onward, four-digit years. */
const EARLIEST_DATE = '1971-01-01';
const LATEST_DATE = '2999-12-31';

export interface CheckedInput {
  action: ActionKind;
  mailingDate: IsoDate;
  periodMonths: number;
  periodSource: 'default' | 'stated';
  advisoryDate: IsoDate | null;
  replyFiledDate: IsoDate | null;
  entity: EntitySize | null;
  today: IsoDate;
}

const absent = (v: unknown): boolean => v === undefined || v === null;

function checkDate(field: string, value: unknown): IsoDate {
  if (!isIsoDate(value)) {
    throw new DeadlineInputError(field, `${field} must be a real calendar date in YYYY-MM-DD form, got ${JSON.stringify(value)}`);
  }
  if (value < EARLIEST_DATE || value > LATEST_DATE) {
    throw new DeadlineInputError(field, `${field} must be between ${EARLIEST_DATE} and ${LATEST_DATE}, got ${value}`);
  }
  return value;
}

function optionalDate(field: string, value: unknown): IsoDate | null {
  return absent(value) ? null : checkDate(field, value);
}

export function checkInput(input: DeadlineInput): CheckedInput {
  if (typeof input !== 'object' || input === null) throw new DeadlineInputError('input', 'input must be an object');
  const raw = input as unknown as Record<string, unknown>;

  if (!isActionKind(raw.action)) {
    throw new DeadlineInputError('action', `unknown action kind ${JSON.stringify(raw.action)}; expected one of ${CALCULATOR_KINDS.join(', ')}`);
  }
  const action = raw.action;
  const mailingDate = checkDate('mailingDate', raw.mailingDate);

  let periodMonths = PERIOD_RULES[action].defaultMonths;
  let periodSource: 'default' | 'stated' = 'default';
  if (!absent(raw.periodMonths)) {
    const p = raw.periodMonths;
    const min = minStatedMonths(action);
    const max = maxStatedMonths(action);
    if (typeof p !== 'number' || !Number.isInteger(p) || p < min || p > max) {
      const range = min === max ? `exactly ${min} (${PERIOD_RULES[action].maximumCitation})` : `a whole number from ${min} to ${max}`;
      throw new DeadlineInputError('periodMonths', `periodMonths for ${action} must be ${range}, got ${JSON.stringify(p)}`);
    }
    periodMonths = p;
    periodSource = 'stated';
  }

  const replyFiledDate = optionalDate('replyFiledDate', raw.replyFiledDate);
  if (replyFiledDate !== null && replyFiledDate < mailingDate) {
    throw new DeadlineInputError('replyFiledDate', `replyFiledDate ${replyFiledDate} is before the mailing date ${mailingDate}`);
  }

  const advisoryDate = optionalDate('advisoryDate', raw.advisoryDate);
  if (advisoryDate !== null) {
    if (action !== 'final') {
      throw new DeadlineInputError('advisoryDate', `an advisory action answers a reply to a final rejection; advisoryDate is not valid for ${action}`);
    }
    if (advisoryDate < mailingDate) {
      throw new DeadlineInputError('advisoryDate', `advisoryDate ${advisoryDate} is before the mailing date ${mailingDate}`);
    }
    if (replyFiledDate !== null && advisoryDate < replyFiledDate) {
      throw new DeadlineInputError('advisoryDate', `advisoryDate ${advisoryDate} is before the reply it answers (${replyFiledDate})`);
    }
  }

  let entity: EntitySize | null = null;
  if (!absent(raw.entity)) {
    if (!(ENTITY_SIZES as readonly unknown[]).includes(raw.entity)) {
      throw new DeadlineInputError('entity', `entity must be one of ${ENTITY_SIZES.join(', ')}, got ${JSON.stringify(raw.entity)}`);
    }
    entity = raw.entity as EntitySize;
  }

  const today = optionalDate('today', raw.today) ?? mailingDate;

  return { action, mailingDate, periodMonths, periodSource, advisoryDate, replyFiledDate, entity, today };
}

export interface CheckedEventInput {
  action: EventKind;
  eventDate: IsoDate;
  applicationType: ApplicationType | null;
  entity: EntitySize | null;
  today: IsoDate;
}

function checkEntity(value: unknown): EntitySize | null {
  if (absent(value)) return null;
  if (!(ENTITY_SIZES as readonly unknown[]).includes(value)) {
    throw new DeadlineInputError('entity', `entity must be one of ${ENTITY_SIZES.join(', ')}, got ${JSON.stringify(value)}`);
  }
  return value as EntitySize;
}

/** The optional application type; null when absent. */
function checkApplicationType(value: unknown): ApplicationType | null {
  if (absent(value)) return null;
  if (!(APPLICATION_TYPES as readonly unknown[]).includes(value)) {
    throw new DeadlineInputError('applicationType', `applicationType must be one of ${APPLICATION_TYPES.join(', ')}, got ${JSON.stringify(value)}`);
  }
  return value as ApplicationType;
}

/** Validation of an event's input: the Office-action inputs (period, advisory action, reply) do not apply. */
export function checkEventInput(input: EventInput): CheckedEventInput {
  if (typeof input !== 'object' || input === null) throw new DeadlineInputError('input', 'input must be an object');
  const raw = input as unknown as Record<string, unknown>;
  if (!isEventKind(raw.action)) {
    throw new DeadlineInputError('action', `unknown action kind ${JSON.stringify(raw.action)}; expected one of ${CALCULATOR_KINDS.join(', ')}`);
  }
  const action = raw.action;
  for (const field of ['periodMonths', 'advisoryDate', 'replyFiledDate']) {
    if (!absent(raw[field])) throw new DeadlineInputError(field, `${field} applies to an Office action only; it is not valid for ${action}`);
  }
  const eventDate = checkDate('mailingDate', raw.mailingDate);
  const applicationType = checkApplicationType(raw.applicationType);
  const entity = checkEntity(raw.entity);
  const today = optionalDate('today', raw.today) ?? eventDate;
  return { action, eventDate, applicationType, entity, today };
}
