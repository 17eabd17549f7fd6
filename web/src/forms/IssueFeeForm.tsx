import { useState } from 'react';
import { TextField } from '../ui/Field.tsx';
import { ExportForm } from './ExportForm.tsx';
import { parseClaimNumbers } from './claim-numbers.ts';

/**
 * Issue fee transmittal (PTOL-85 Part B; 37 CFR 1.311, fees 1.18(a)(1) and 1.18(d)(1)). Due three
 * months from the notice of allowance, not extendable: the server answers 409 when no notice of
 * allowance stands, when the fee is paid, or when the period has run.
 */
export function IssueFeeForm({ applicationNumber }: { applicationNumber: string }) {
  const [names, setNames] = useState(['', '', '']);
  const [assignee, setAssignee] = useState('');
  const [residence, setResidence] = useState('');
  const [cancelled, setCancelled] = useState('');
  const [deposit, setDeposit] = useState('');

  const build = () => {
    const claims = cancelled.trim() ? parseClaimNumbers(cancelled) : null;
    if (typeof claims === 'string') return claims;
    if (residence.trim() && !assignee.trim()) return 'Name the assignee whose residence is given.';
    const printing = names.map((n) => n.trim()).filter(Boolean);
    return {
      type: 'form' as const,
      form: 'issue_fee_transmittal',
      application_number: applicationNumber,
      input: {
        ...(printing.length ? { printing_names: printing } : {}),
        ...(assignee.trim() ? { assignee: { name: assignee.trim(), ...(residence.trim() ? { residence: residence.trim() } : {}) } } : {}),
        ...(claims ? { claims_cancelled_by_examiner: claims } : {}),
        ...(deposit.trim() ? { deposit_account: deposit.trim() } : {}),
      },
    };
  };

  return (
    <ExportForm applicationNumber={applicationNumber} type="form" form="issue_fee_transmittal" noun="Prepare the issue fee transmittal" build={build}>
      <fieldset className="space-y-2">
        <legend className="text-base font-semibold text-slate-900">Names for the patent front page (box 2)</legend>
        <p className="text-sm text-slate-700">Up to three registered practitioners, or one firm.</p>
        <div className="grid gap-3 sm:grid-cols-3">
          {names.map((n, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: three fixed fields (Name 1 to 3), never added, removed or reordered
            <TextField key={i} label={`Name ${i + 1}`} value={n} onChange={(e) => setNames(names.map((x, j) => (j === i ? e.target.value : x)))} />
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Assignee (box 3, optional)"
          value={assignee}
          onChange={(e) => setAssignee(e.target.value)}
          hint="Printed on the patent (37 CFR 3.81(a))"
        />
        <TextField label="Assignee residence" value={residence} onChange={(e) => setResidence(e.target.value)} hint="City and state or country" />
        <TextField label="Claims cancelled by the examiner (optional)" value={cancelled} onChange={(e) => setCancelled(e.target.value)} hint="e.g. 15-16" />
        <TextField
          label="Deposit account"
          hint="Leave empty to use the one in your practitioner profile (Settings)."
          value={deposit}
          onChange={(e) => setDeposit(e.target.value)}
        />
      </div>
    </ExportForm>
  );
}
