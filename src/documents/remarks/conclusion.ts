/** The close of the remarks: request for allowance, non-acquiescence, contact, fee authorization (37 CFR 1.25(b)). */
import type { Paragraph } from 'docx';
import { para } from '../docx/paragraphs.ts';
import { prompt, run } from '../docx/runs.ts';
import type { PaperKind, Practitioner } from '../types.ts';

export interface ConclusionFees {
  /** Past the statutory period: the fee is the petition to revive's (37 CFR 1.17(m)), no extension can be had. */
  revival?: boolean;
  /** Claims rewritten in independent form: excess claims fees (37 CFR 1.16(h), (i)). */
  excessClaims?: boolean;
}

export function conclusionRemarks(kind: PaperKind, amended: boolean, practitioner: Practitioner = {}, fees: ConclusionFees = {}): Paragraph[] {
  const out: Paragraph[] = [];
  if (kind === 'restriction') {
    out.push(
      para('Applicant submits that this reply to the restriction requirement is complete and requests examination of the elected claims on the merits.'),
    );
  } else {
    out.push(
      para(
        `In view of the foregoing ${amended ? 'amendments and remarks' : 'remarks'}, Applicant respectfully submits that all pending claims are in condition for allowance and requests that a timely Notice of Allowance be issued.`,
      ),
    );
    out.push(
      para(
        'Applicant does not concede any characterization of the claims or of the prior art in the Office Action, and the absence of a reply to any particular statement in it is not an acquiescence in that statement.',
      ),
    );
  }
  out.push(
    para([
      run('If a telephone conversation would advance prosecution, the Examiner is invited to contact the undersigned'),
      ...(practitioner.telephone ? [run(` at ${practitioner.telephone}`)] : []),
      run('.'),
    ]),
  );
  out.push(
    para([
      run(
        `The Director is authorized to charge any fee required for this paper, including ${fees.revival ? 'the petition fee under 37 C.F.R. § 1.17(m)' : 'any fee for an extension of time under 37 C.F.R. § 1.17(a)'}${fees.excessClaims ? ' and any excess claims fee under 37 C.F.R. § 1.16(h) or (i) for the claims rewritten in independent form' : ''}, and to credit any overpayment, to Deposit Account No. `,
      ),
      practitioner.deposit_account ? run(practitioner.deposit_account) : prompt('deposit account number'),
      run('.'),
    ]),
  );
  return out;
}
