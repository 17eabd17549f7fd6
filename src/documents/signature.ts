/**
 * Signature block. The S-signature is left for the signer: under 37 CFR 1.4(d)(2) the person
 * signing inserts his or her own signature between forward slashes, with the name printed
 * below it and a practitioner's registration number (37 CFR 1.4(d)(2)(ii)-(iii)).
 */
import { Paragraph, type TextRun } from 'docx';
import { formatLongDate } from './format/dates.ts';
import { STYLE } from './docx/styles.ts';
import { prompt, run } from './docx/runs.ts';
import type { IsoDate, Practitioner } from './types.ts';

const line = (children: TextRun[]) => new Paragraph({ style: STYLE.signature, children });

export function signatureBlock(date: IsoDate, practitioner: Practitioner = {}, closing = 'Respectfully submitted,'): Paragraph[] {
  const out: Paragraph[] = [
    new Paragraph({ style: STYLE.signature, spacing: { before: 360, after: 240 }, children: [run(closing)] }),
    line([run('/'), prompt('S-signature of the practitioner'), run('/')]),
    line([practitioner.name ? run(practitioner.name) : prompt('Name of practitioner')]),
    line([run('Registration No. '), practitioner.registration_number ? run(practitioner.registration_number) : prompt('Registration No.')]),
  ];
  if (practitioner.firm) out.push(line([run(practitioner.firm)]));
  // The profile's address is one field; each of its lines is a line of the block.
  for (const l of (practitioner.address ?? '').split(/\r?\n/).map((x) => x.trim()).filter(Boolean)) out.push(line([run(l)]));
  if (practitioner.customer_number) out.push(line([run(`Customer No. ${practitioner.customer_number}`)]));
  if (practitioner.telephone) out.push(line([run(`Telephone: ${practitioner.telephone}`)]));
  if (practitioner.email) out.push(line([run(`E-mail: ${practitioner.email}`)]));
  out.push(line([run(`Date: ${formatLongDate(date)}`)]));
  return out;
}
