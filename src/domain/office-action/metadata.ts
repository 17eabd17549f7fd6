import { formatApplicationNumber, normalizeApplicationNumber } from '../application-number.ts';
import { evidenceOf } from './spans.ts';
import type { Metadata, MetaValue } from './types.ts';

/**
 * Header facts of an action: the application number (PTOL-326 "Application No.", the page header
 * "Application/Control Number: 15/091,542"), the examiner (the closing form paragraph "should be
 * directed to NAME whose telephone number is", the signature "/NAME/ Primary Examiner, Art Unit 2181"),
 * the art unit, the notification/mailing date (PTOL-90 cover "NOTIFICATION DATE", "MAIL DATE") and the
 * AIA status paragraph (MPEP form paragraphs 7.03.aia / 7.03.fti).
 */

const APP_NUMBER = /(?<![\d/])(\d{2})\/(\d{3}),(\d{3})(?![\d,])|(?<![\d/])(\d{2})\/(\d{6})(?!\d)/g;
const CONTROL_LABEL = /Application\s{0,3}\/\s{0,3}Control\s{1,3}(?:Number|No\.?)/i;
const OTHER_LABEL = /(?:Application|Appl\.?|Serial)\s{0,3}(?:Serial\s{0,3})?(?:Number|No\.?)\s{0,3}:?\s{0,20}$/i;
// Another application named in the same line or sentence: copending, parent, provisional, prior, related ...
const FOREIGN_CONTEXT =
  /\b(?:co-?pending|reference|parent|provisional|prior|related|continuation|continuing|divisional|benefit|priority|allowed|earlier|abandoned|pending|see|over|of|and|in)\b[^.\n]{0,40}$/i;

function extractApplicationNumber(input: string, clean: string): Metadata['application_number'] {
  type Cand = { value: string; start: number; end: number; score: number };
  let best: Cand | null = null;
  APP_NUMBER.lastIndex = 0;
  let seen = 0;
  for (let m = APP_NUMBER.exec(clean); m && seen < 500; m = APP_NUMBER.exec(clean), seen++) {
    const raw = m[0];
    const value = normalizeApplicationNumber(raw);
    if (!value) continue;
    const series = Number(value.slice(0, 2));
    if (series >= 60 && series <= 63) continue; // provisional applications
    // abbreviation periods ("Application No.") do not end the sentence the context is read from
    const before = clean.slice(Math.max(0, m.index - 60), m.index).replace(/\b(No|Nos|Ser|Appl|App|Pat|U\.S)\./gi, '$1 ');
    let score: number;
    if (CONTROL_LABEL.test(before)) score = 4;
    else if (FOREIGN_CONTEXT.test(before)) continue;
    else if (OTHER_LABEL.test(before)) score = 3;
    else if (m.index < 400) score = 2;
    else score = 1;
    if (!best || score > best.score) best = { value, start: m.index, end: m.index + raw.length, score };
    if (score === 4) break;
  }
  if (!best) return null;
  return { value: best.value, display: formatApplicationNumber(best.value), evidence: evidenceOf(input, best.start, best.end) };
}

const NAME = String.raw`([A-Z][A-Za-z'’\-]*\.?(?:[ \t]{1,3}[A-Z][A-Za-z'’\-]*\.?){0,4})`;
const INQUIRY = new RegExp(
  String.raw`should\s{1,3}be\s{1,3}directed\s{1,3}to\s{1,3}(?:(?:Primary\s{1,3})?Examiner\s{1,3})?` + NAME + String.raw`,?\s{1,3}whose\s{1,3}telephone`,
  'g',
);
const SIGNATURE = new RegExp(String.raw`/${NAME}/[ \t]{0,5}\n?[ \t]{0,5}(?:Primary\s{1,3}|Patent\s{1,3}|Assistant\s{1,3})?Examiner\b`, 'g');
const LABELLED = new RegExp(String.raw`\bExaminer\s{0,3}:\s{0,3}` + NAME, 'g');

function extractExaminer(input: string, clean: string): Metadata['examiner'] {
  for (const re of [INQUIRY, SIGNATURE, LABELLED]) {
    re.lastIndex = 0;
    const m = re.exec(clean);
    if (!m) continue;
    const name = m[1].trim();
    if (name.split(/\s+/).length < 2) continue;
    const start = m.index + m[0].indexOf(m[1]);
    return { value: name, normalized: normalizeExaminerName(name), evidence: evidenceOf(input, start, start + m[1].length) };
  }
  return null;
}

const SUFFIXES = new Set(['JR', 'SR', 'II', 'III', 'IV']);

/** "DAVID E MARTINEZ" → "MARTINEZ, DAVID E" (the form the interface uses for examiner names). */
export function normalizeExaminerName(name: string): string {
  const upper = name.toUpperCase().replace(/\./g, '').replace(/\s+/g, ' ').trim();
  if (upper.includes(',')) return upper.replace(/\s*,\s*/, ', ');
  const parts = upper.split(' ');
  let lastIdx = parts.length - 1;
  if (lastIdx > 0 && SUFFIXES.has(parts[lastIdx])) lastIdx--;
  if (lastIdx === 0) return upper;
  const last = parts.slice(lastIdx).join(' ');
  return `${last}, ${parts.slice(0, lastIdx).join(' ')}`;
}

const ART_UNIT = /\b(?:Group\s{1,3})?Art\s{1,3}Unit\s{0,3}:?\s{0,5}(\d{4})(?!\d)/gi;

function extractArtUnit(input: string, clean: string): MetaValue | null {
  ART_UNIT.lastIndex = 0;
  const m = ART_UNIT.exec(clean);
  if (!m) return null;
  const start = m.index + m[0].lastIndexOf(m[1]);
  return { value: m[1], evidence: evidenceOf(input, start, start + 4) };
}

const DATE_LABEL = /\b(?:Notification\s{1,3}Date|Mail(?:ing)?\s{1,3}Date|Date\s{1,3}Mailed|MAILED)\b(?!\s{1,3}of\s{1,3}this)/gi;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DATE =
  /(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?!\d)|(\d{4})-(\d{2})-(\d{2})(?!\d)|\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]{0,6}\.?\s{1,3}(\d{1,2}),?\s{1,3}(\d{4})/i;

function extractMailingDate(input: string, clean: string): MetaValue | null {
  DATE_LABEL.lastIndex = 0;
  for (let m = DATE_LABEL.exec(clean), n = 0; m && n < 50; m = DATE_LABEL.exec(clean), n++) {
    const from = m.index + m[0].length;
    const window = clean.slice(from, from + 100);
    const d = DATE.exec(window);
    if (!d) continue;
    const iso = toIso(d);
    if (!iso) continue;
    const start = from + d.index;
    return { value: iso, evidence: evidenceOf(input, start, start + d[0].length) };
  }
  return null;
}

function toIso(d: RegExpExecArray): string | null {
  let y: number;
  let mo: number;
  let da: number;
  if (d[1]) {
    mo = Number(d[1]);
    da = Number(d[2]);
    y = Number(d[3].length === 2 ? `20${d[3]}` : d[3]);
  } else if (d[4]) {
    y = Number(d[4]);
    mo = Number(d[5]);
    da = Number(d[6]);
  } else {
    mo = MONTHS.indexOf(d[7].slice(0, 3).toLowerCase()) + 1;
    da = Number(d[8]);
    y = Number(d[9]);
  }
  if (mo < 1 || mo > 12 || da < 1 || da > 31 || y < 1970 || y > 2100) return null;
  const dt = new Date(Date.UTC(y, mo - 1, da));
  if (dt.getUTCMonth() !== mo - 1) return null;
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(da).padStart(2, '0')}`;
}

const AIA = /examined\s{1,3}under\s{1,3}the\s{1,3}first\s{1,3}inventor\s{1,3}to\s{1,3}file\s{1,3}provisions/i;
const PRE_AIA = /examined\s{1,3}under\s{1,3}the\s{1,3}pre-?\s?AIA\s{1,3}first\s{1,3}to\s{1,3}invent\s{1,3}provisions/i;

function extractAiaStatus(input: string, clean: string): Metadata['aia_status'] {
  const pre = PRE_AIA.exec(clean);
  if (pre) return { value: 'pre_aia', evidence: evidenceOf(input, pre.index, pre.index + pre[0].length) };
  const aia = AIA.exec(clean);
  if (aia) return { value: 'aia', evidence: evidenceOf(input, aia.index, aia.index + aia[0].length) };
  return null;
}

export function extractMetadata(input: string, clean: string, formParagraphCodes: string[]): Metadata {
  return {
    application_number: extractApplicationNumber(input, clean),
    examiner: extractExaminer(input, clean),
    art_unit: extractArtUnit(input, clean),
    mailing_date: extractMailingDate(input, clean),
    aia_status: extractAiaStatus(input, clean),
    form_paragraph_codes: [...new Set(formParagraphCodes)],
  };
}
