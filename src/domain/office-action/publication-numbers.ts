import type { PublicationNumber } from './types.ts';

/**
 * Patent document numbers as examiners cite them (PTO-892 conventions; WIPO ST.16 kind codes):
 * US patents "US 1,234,567 B2", "U.S. Pat. No. 8,123,456", "USPN 8123456", reissues "RE45,678";
 * US pre-grant publications "US 2015/0123456 A1", "PGPub 2014/0278125", "US 20150123456";
 * US applications "Application No. 16/123,456"; WO "WO 2015/012345 A1", "WO 02/12345";
 * EP "EP 1 234 567 A1"; JP "JP 2008-008593 A", "JP H10-123456 A", "JP 5123456 B2";
 * KR "KR 10-2015-0012345 A"; CN "CN 105123456 A"; DE "DE 10 2010 012 345 A1"; other offices by prefix.
 * All patterns are bounded (no nested quantifiers) so scanning stays linear.
 */

export interface PublicationMatch {
  publication: PublicationNumber;
  index: number;
  length: number;
}

// Kind code after a number: letter+digit ("A1", "B2"), or a lone letter not followed by a lowercase word ("A" but not "A method").
const KIND = String.raw`(?:\s{0,2}([ABCEHPSUY][0-9])(?![A-Za-z0-9])|\s{0,2}([ABCEHPSUY])(?![A-Za-z0-9])(?!\s{1,3}[a-z]))?`;

const WO = new RegExp(String.raw`\bWO\s{0,2}[-:]?\s{0,2}(?:(\d{4})\s{0,2}[/-]?\s{0,2}(\d{6})|(\d{2})\s{0,2}/\s{0,2}(\d{5}))(?!\d)` + KIND, 'g');
const US_PGPUB = new RegExp(
  String.raw`(?:\b(?:US|U\.S\.)\s{0,2})?(?:(?:Pat(?:ent)?\.?\s{0,2})?(?:App(?:l|lication)?\.?\s{0,2})?(?:Pub(?:lication)?\.?|PG\s?Pub\.?|Pre-?Grant\s{1,2}Pub(?:lication)?\.?)\s{0,2}(?:No\.?|Number|#)?\s{0,2})?(?<![\d/])((?:19|20)\d{2})(?:\s{0,2}/\s{0,2}(\d{6,7})|(\d{7}))(?![\d/]|,\d)` +
    KIND,
  'gi',
);
const US_PATENT = new RegExp(
  String.raw`(?:\b(?:US|U\.S\.)\s{0,2}(?:Pat(?:ent)?s?\.?\s{0,2})?(?:No\.?|Nos\.?|Number|#)?\s{0,2}|\bUSPN\s{0,2}|\bU\.S\.P\.N\.?\s{0,2}|\bPat(?:ent)?\.?\s{0,2}(?:No\.?|Number|#)\s{0,2})(RE\s?|D\s?|PP\s?)?(\d{1,2},\d{3},\d{3}|\d{2},\d{3}|\d{5,8})(?![\d/-]|,\d)` +
    KIND,
  'g',
);
// A bare thousands-grouped number ("8,123,456 B2") inside a citation is a US patent.
const US_PATENT_BARE = new RegExp(String.raw`(?<![\d,./])(\d{1,2},\d{3},\d{3})(?![\d/]|,\d)` + KIND, 'g');
const US_APPLICATION =
  /\b(?:Application|Appl\.?|App\.?|Serial|Ser\.?)\s{0,2}(?:Ser(?:ial)?\.?\s{0,2})?(?:No\.?|Number)?\s{0,2}(\d{2})\s?\/\s?(\d{3}),?(\d{3})(?!\d)/gi;
const EP = new RegExp(String.raw`\bEP\s{0,2}-?\s{0,2}(\d(?:[\s,.]?\d){6})(?!\d)` + KIND, 'g');
const JP = new RegExp(String.raw`\bJP\s{0,2}-?\s{0,2}(?:(?:(H|S|Hei|Sho|R)\s?(\d{1,2})|(\d{4}))\s{0,2}[-‐–]\s{0,2}(\d{1,6})|(\d{7,10}))(?!\d)` + KIND, 'g');
const KR = new RegExp(String.raw`\bKR\s{0,2}(?:(10|20)\s{0,2}-\s{0,2})?(?:(\d{4})\s{0,2}-\s{0,2}(\d{7})|(\d{7}))(?!\d)` + KIND, 'g');
const CN = new RegExp(String.raw`\bCN\s{0,2}(\d{6,12})(?:\.\d)?(?!\d)` + KIND, 'g');
const DE = new RegExp(String.raw`\bDE\s{0,2}(\d{2}\s\d{4}\s\d{3}\s\d{3}|\d{6,14})(?!\d)` + KIND, 'g');
const OTHER = new RegExp(
  String.raw`\b(GB|FR|CA|AU|TW|RU|IN|CH|NL|SE|ES|IT|BR|AT|BE|DK|FI|NO|IL|SG|MX|NZ|ZA|HK|PL|CZ|SU|EA|AR|CL|PT|IE|TR|HU|RO|UA|PH|MY|TH|ID|VN)\s{0,2}(\d[\d ,./-]{2,14}\d)(?!\d)` +
    KIND,
  'g',
);

function kindOf(m: RegExpExecArray, first: number): string | null {
  return (m[first] ?? m[first + 1] ?? null)?.toUpperCase() ?? null;
}

function group3(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function make(kind: PublicationNumber['kind'], country: string, core: string, kindCode: string | null, display: string, inferred = false): PublicationNumber {
  const base = `${country}${core}`;
  return {
    kind,
    country,
    number: kindCode ? `${base}${kindCode}` : base,
    base,
    kind_code: kindCode,
    kind_code_inferred: inferred,
    display: kindCode ? `${display} ${kindCode}` : display,
  };
}

type Finder = (s: string) => PublicationMatch[];

function finder(re: RegExp, build: (m: RegExpExecArray) => PublicationNumber | null): Finder {
  return (s) => {
    const out: PublicationMatch[] = [];
    re.lastIndex = 0;
    for (let m = re.exec(s); m; m = re.exec(s)) {
      const p = build(m);
      if (p) out.push({ publication: p, index: m.index, length: m[0].length });
      if (m[0].length === 0) re.lastIndex++;
    }
    return out;
  };
}

const FINDERS: Finder[] = [
  finder(WO, (m) => {
    const year = m[1] ?? (Number(m[3]) < 50 ? `20${m[3]}` : `19${m[3]}`);
    const serial = (m[2] ?? m[4]).padStart(6, '0');
    return make('wo', 'WO', `${year}${serial}`, kindOf(m, 5), `WO ${year}/${serial}`);
  }),
  finder(US_APPLICATION, (m) => ({
    kind: 'us_application',
    country: 'US',
    number: `${m[1]}${m[2]}${m[3]}`,
    base: `${m[1]}${m[2]}${m[3]}`,
    kind_code: null,
    kind_code_inferred: false,
    display: `US Appl. No. ${m[1]}/${m[2]},${m[3]}`,
  })),
  finder(US_PGPUB, (m) => {
    const year = Number(m[1]);
    if (year < 2001 || year > 2049) return null;
    const serial = (m[2] ?? m[3]).padStart(7, '0');
    const written = kindOf(m, 4);
    const kind = written && /^A\d?$/.test(written) ? (written === 'A' ? 'A1' : written) : written ? null : 'A1';
    if (written && !kind) return null; // "2015/0123456 B2" is not a pre-grant publication
    return make('us_pgpub', 'US', `${m[1]}${serial}`, kind, `US ${m[1]}/${serial}`, !written);
  }),
  finder(US_PATENT, (m) => usPatent(m[1] ?? '', m[2], kindOf(m, 3))),
  finder(US_PATENT_BARE, (m) => usPatent('', m[1], kindOf(m, 2))),
  finder(EP, (m) => {
    const digits = m[1].replace(/\D/g, '');
    return make('foreign', 'EP', digits, kindOf(m, 2), `EP ${digits.slice(0, 1)} ${digits.slice(1, 4)} ${digits.slice(4)}`);
  }),
  finder(JP, (m) => {
    const k = kindOf(m, 6);
    if (m[5]) return make('foreign', 'JP', m[5], k, `JP ${m[5]}`);
    const era = m[1] ? m[1][0].toUpperCase() : '';
    const year = m[1] ? m[2].padStart(2, '0') : m[3];
    const serial = m[4].padStart(6, '0');
    return make('foreign', 'JP', `${era}${year}${serial}`, k, `JP ${era}${year}-${serial}`);
  }),
  finder(KR, (m) => {
    const k = kindOf(m, 5);
    if (m[4]) return make('foreign', 'KR', `10${m[4]}`, k, `KR 10-${m[4]}`);
    const prefix = m[1] ?? '10';
    return make('foreign', 'KR', `${prefix}${m[2]}${m[3]}`, k, `KR ${prefix}-${m[2]}-${m[3]}`);
  }),
  finder(CN, (m) => make('foreign', 'CN', m[1], kindOf(m, 2), `CN ${m[1]}`)),
  finder(DE, (m) => {
    const digits = m[1].replace(/\D/g, '');
    return make('foreign', 'DE', digits, kindOf(m, 2), `DE ${m[1].trim()}`);
  }),
  finder(OTHER, (m) => {
    const digits = m[2].replace(/\D/g, '');
    if (digits.length < 4) return null;
    return make('foreign', m[1], digits, kindOf(m, 3), `${m[1]} ${m[2].trim()}`);
  }),
];

function usPatent(series: string, raw: string, kindCode: string | null): PublicationNumber | null {
  const digits = raw.replace(/,/g, '');
  const s = series.replace(/\s/g, '').toUpperCase();
  if (!s && digits.length < 6) return null; // 5-digit numbers are only reissues/designs/plants
  const core = `${s}${digits}`;
  const display = `US ${s}${group3(digits)}`;
  return make('us_patent', 'US', core, kindCode, display);
}

/** All publication numbers in `s`, leftmost first; overlapping matches keep the earliest, longest one. */
export function findPublicationNumbers(s: string): PublicationMatch[] {
  const all: PublicationMatch[] = [];
  for (const f of FINDERS) all.push(...f(s));
  all.sort((a, b) => a.index - b.index || b.length - a.length);
  const out: PublicationMatch[] = [];
  let lastEnd = -1;
  for (const m of all) {
    if (m.index < lastEnd) continue;
    out.push(m);
    lastEnd = m.index + m.length;
  }
  return out;
}

/** Normalizes one written number ("US 2015/0123456 A1" → US20150123456A1), or null. */
export function normalizePublicationNumber(s: string): PublicationNumber | null {
  return findPublicationNumbers(s)[0]?.publication ?? null;
}
