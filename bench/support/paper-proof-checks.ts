/**
 * bench/paper-proof.ts: reading a drafted paper (its text and the highlighted places a practitioner
 * fills), rendering it with LibreOffice and pdftoppm, and the automatic checks an attorney would
 * otherwise do by eye before signing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { USPTO_FEES, usptoFee, dollarsDisplay, type UsptoFeeCode } from '../../src/domain/uspto-fees.ts';
import { extensionFee, type EntitySize } from '../../src/domain/deadlines/fees.ts';

export interface DocxReading {
  text: string;
  /** Highlighted places to fill (the builders' prompts: yellow, not italic; italic ones are notes). */
  places: number;
}

export async function readDocx(docx: Buffer): Promise<DocxReading> {
  const zip = await JSZip.loadAsync(docx);
  const parts = Object.keys(zip.files).filter((p) => /^word\/(document|header\d*|footer\d*)\.xml$/.test(p));
  let places = 0;
  for (const p of parts) {
    const xml = await zip.file(p)!.async('string');
    for (const r of xml.matchAll(/<w:r>([\s\S]*?)<\/w:r>|<w:r [^>]*>([\s\S]*?)<\/w:r>/g)) {
      const body = r[1] ?? r[2] ?? '';
      if (/<w:highlight w:val="yellow"\/>/.test(body) && !/<w:i\/>|<w:i w:val="(?:true|1)"\/>/.test(body)) places++;
    }
  }
  return { text: (await mammoth.extractRawText({ buffer: docx })).value, places };
}

/** Converts the .docx files to PDF in one LibreOffice run (its own profile), then each PDF to PNG pages. */
export function render(dir: string, names: string[]): Map<string, number | null> {
  const pages = new Map<string, number | null>();
  if (names.length === 0) return pages;
  const profile = mkdtempSync(join(tmpdir(), 'paper-proof-lo-'));
  try {
    for (let i = 0; i < names.length; i += 12) {
      const batch = names.slice(i, i + 12).map((n) => join(dir, `${n}.docx`));
      spawnSync('soffice', [`-env:UserInstallation=${pathToFileURL(profile).href}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, ...batch], {
        encoding: 'utf8',
        timeout: 600_000,
      });
    }
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  for (const n of names) {
    const pdf = join(dir, `${n}.pdf`);
    if (!existsSync(pdf)) {
      pages.set(n, null);
      continue;
    }
    pages.set(
      n,
      (
        readFileSync(pdf)
          .toString('latin1')
          .match(/\/Type\s*\/Page(?![s\w])/g) ?? []
      ).length,
    );
    spawnSync('pdftoppm', ['-r', '70', '-png', pdf, join(dir, n)]);
    spawnSync('pdftotext', ['-layout', pdf, join(dir, `${n}.txt`)]);
  }
  return pages;
}

/** What the checks compare against: the paper's expected docket number and entity status, the claims held. */
export interface PaperFacts {
  clientMatter: string;
  entity: EntitySize;
  date: string;
  claimsListing?: string;
}

export interface CheckResult {
  /** Short flags for the table. */
  flags: string[];
  /** Lines to read (statements printed for review). */
  details: string[];
}

const sentences = (text: string) => text.replace(/\s+/g, ' ').split(/(?<=[.;:]["”’]?)\s+(?=[A-Z(“"])/);

/** Claim -> the claim it refers to, from a listing ("2. The method of claim 1, ..."). */
function dependencies(listing: string): Map<number, number | null> {
  const deps = new Map<number, number | null>();
  for (const m of listing.matchAll(/^(\d+)\.\s+(.*)$/gm)) {
    const ref = /\b(?:of|in|to)\s+claim\s+(\d+)/i.exec(m[2].slice(0, 200));
    deps.set(Number(m[1]), ref ? Number(ref[1]) : null);
  }
  return deps;
}

/** Every amount a USPTO fee table gives on the date, with the entity statuses it is the amount for. */
function feeAmounts(date: string): Map<string, Set<EntitySize>> {
  const by = new Map<string, Set<EntitySize>>();
  const add = (amount: string | null | undefined, e: EntitySize) => {
    const shown = dollarsDisplay(amount ?? null);
    if (!shown || shown === '$0.00') return;
    if (!by.has(shown)) by.set(shown, new Set());
    by.get(shown)!.add(e);
  };
  for (const e of ['large', 'small', 'micro'] as const) {
    for (const code of Object.keys(USPTO_FEES) as UsptoFeeCode[]) add(usptoFee(code, e, date).amount, e);
    for (let m = 1; m <= 5; m++) add(extensionFee(m, date)?.[e], e);
  }
  return by;
}

/** `working`: a working paper (claim chart, drawing sheet, client letter) carries the matter number without a caption, and repeats by design. */
export function checkPaper(text: string, facts: PaperFacts, working = false, rendered = ''): CheckResult {
  const flags: string[] = [];
  const details: string[] = [];
  const flat = text.replace(/\s+/g, ' ');

  const codes = [...new Set([...flat.matchAll(/\b[a-z]+_[a-z_]+\b/g)].map((m) => m[0]))];
  if (codes.length) flags.push(`codes:${codes.length}`), details.push(`codes in the text: ${codes.join(', ')}`);
  for (const api of ['PUT ', '/api/', '/v1/'])
    if (flat.includes(api))
      flags.push(`api:${api.trim()}`), details.push(`API text: …${flat.slice(Math.max(0, flat.indexOf(api) - 80), flat.indexOf(api) + 80)}…`);
  for (const place of ['[Registration No.]', '[S-signature]', '[Name of practitioner]', '[deposit account number]']) {
    if (flat.includes(place)) flags.push('identity'), details.push(`identity place despite the profile: ${place}`);
  }

  const dockets = [...new Set([...flat.matchAll(/Attorney Docket No\.?:?\s*([A-Z0-9][\w./-]*)/g)].map((m) => m[1]))];
  const wrong = dockets.filter((d) => d !== facts.clientMatter);
  // A drawing sheet's indicia are shapes: only the rendered text shows them.
  if (dockets.length === 0 && (flat.trim() || rendered) && !(working && `${flat} ${rendered}`.includes(facts.clientMatter))) flags.push('no-docket-no');
  if (wrong.length) flags.push('docket-no'), details.push(`Attorney Docket No. ${wrong.join(', ')} (docket entry's matter: ${facts.clientMatter})`);

  const amounts = feeAmounts(facts.date);
  const shown = [...new Set(flat.match(/\$[\d,]+\.\d{2}/g) ?? [])];
  const otherEntity = shown.filter((a) => amounts.has(a) && !amounts.get(a)!.has(facts.entity));
  if (otherEntity.length)
    flags.push('fee-entity'),
      details.push(`fees of another entity status (${facts.entity} here): ${otherEntity.map((a) => `${a} (${[...amounts.get(a)!].join('/')})`).join(', ')}`);
  if (shown.length) details.push(`amounts printed: ${shown.join(', ')} (entity ${facts.entity})`);
  const entityWords = [...new Set([...flat.matchAll(/\b(small|micro|large|undiscounted)[- ]entity\b/gi)].map((m) => m[1].toLowerCase()))];
  const foreign = entityWords.filter((w) => w !== facts.entity && !(w === 'undiscounted' && facts.entity === 'large'));
  if (foreign.length) details.push(`entity words: ${entityWords.join(', ')} (entity ${facts.entity}); read them in context`);

  const deps = facts.claimsListing ? dependencies(facts.claimsListing) : null;
  const reviewed = new Map<string, number>();
  for (const s of sentences(text)) {
    const dep =
      /\bclaims?\s+([\d,\s–-]+(?:and\s+\d+)?)\s+(?:\w+\s+){0,3}(?:depends?|depending|which depend)\s*,?\s*(?:directly\s+or\s+indirectly,?\s+|directly\s+|indirectly\s+)?(?:up)?(?:on|from)\s+(?:independent\s+)?claims?\s+(\d+)/i.exec(
        s,
      );
    if (dep) {
      // The chain of each claim named (12→10→7): a statement is true when the claim named is in it.
      const chain = (n: number) => {
        const out = [n];
        while (deps?.get(out[out.length - 1]) && out.length < 20) out.push(deps.get(out[out.length - 1])!);
        return out;
      };
      const actual = deps
        ? `claims held: ${expand(dep[1])
            .map((n) => chain(n).join('→'))
            .join(', ')}`
        : 'no claims held: the action alone must support it';
      details.push(`dependency: "${s.trim().slice(0, 300)}" [${actual}]`);
      if (deps && expand(dep[1]).some((n) => deps.has(n) && !chain(n).slice(1).includes(Number(dep[2])))) flags.push('dependency?');
    }
    if (
      /does not (?:identify|disclose|teach|cite|point)|fails to (?:identify|disclose|teach)|cites no\b|no (?:passage|citation) (?:is )?(?:given|cited)|\belects?\b|\bwithout traverse\b/i.test(
        s,
      )
    ) {
      const key = s.trim().slice(0, 400);
      reviewed.set(key, (reviewed.get(key) ?? 0) + 1);
    }
  }
  for (const [s, n] of reviewed) details.push(`review${n > 1 ? ` (×${n})` : ''}: "${s}"`);

  const paragraphs = text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter((p) => p.length >= 80);
  const seen = new Map<string, number>();
  for (const p of paragraphs) seen.set(p, (seen.get(p) ?? 0) + 1);
  const repeated = working ? [] : [...seen].filter(([, n]) => n > 1);
  if (repeated.length) flags.push(`repeated:${repeated.length}`), details.push(...repeated.map(([p, n]) => `repeated ×${n}: "${p.slice(0, 160)}…"`));
  return { flags, details };
}

function expand(list: string): number[] {
  const out: number[] = [];
  for (const part of list.split(/,|\band\b/)) {
    const m = /(\d+)\s*[–-]\s*(\d+)/.exec(part);
    if (m) for (let n = Number(m[1]); n <= Number(m[2]); n++) out.push(n);
    else if (/\d+/.test(part)) out.push(Number(/\d+/.exec(part)![0]));
  }
  return out;
}
