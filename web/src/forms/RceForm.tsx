import { useState } from 'react';
import { TextArea, TextField } from '../ui/Field.tsx';
import { ExportForm } from './ExportForm.tsx';

type Enclosure = 'amendment' | 'ids' | 'declaration';
const ENCLOSURES: { id: Enclosure; label: string }[] = [
  { id: 'amendment', label: 'Amendment or reply' },
  { id: 'ids', label: 'Information disclosure statement' },
  { id: 'declaration', label: 'Affidavit or declaration' },
];

/**
 * Request for continued examination transmittal (37 CFR 1.114, PTO/SB/30 content). The RCE needs a
 * submission (1.114(c)): papers enclosed, or a reply already filed. The server answers 409
 * rce_not_available while prosecution is open, and adds extension months when they are needed.
 */
export function RceForm({ applicationNumber }: { applicationNumber: string }) {
  const [enclosed, setEnclosed] = useState<Enclosure[]>(['amendment']);
  const [previously, setPreviously] = useState('');
  const [other, setOther] = useState('');
  const [deposit, setDeposit] = useState('');

  const build = () => {
    if (enclosed.length === 0 && !previously && !other.trim())
      return 'Name the submission (37 CFR 1.114(c)): papers enclosed, a reply already filed, or another submission.';
    return {
      type: 'form' as const,
      form: 'rce_transmittal',
      application_number: applicationNumber,
      input: {
        submission: {
          ...(enclosed.length ? { enclosed } : {}),
          ...(previously ? { previously_filed_on: previously } : {}),
          ...(other.trim() ? { other: other.trim() } : {}),
        },
        ...(deposit.trim() ? { deposit_account: deposit.trim() } : {}),
      },
    };
  };

  return (
    <ExportForm applicationNumber={applicationNumber} type="form" form="rce_transmittal" noun="Prepare the RCE transmittal" build={build}>
      <fieldset className="space-y-2">
        <legend className="text-base font-semibold text-slate-900">Submission (37 CFR 1.114(c))</legend>
        {ENCLOSURES.map((e) => (
          <label key={e.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={enclosed.includes(e.id)}
              onChange={(ev) => setEnclosed(ev.target.checked ? [...enclosed, e.id] : enclosed.filter((x) => x !== e.id))}
            />{' '}
            Enclosed: {e.label}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Reply previously filed on (optional)"
          type="date"
          value={previously}
          onChange={(e) => setPreviously(e.target.value)}
          hint="An after-final reply already filed that is to be the submission"
        />
        <TextField
          label="Deposit account"
          hint="Leave empty to use the one in your practitioner profile (Settings)."
          value={deposit}
          onChange={(e) => setDeposit(e.target.value)}
        />
      </div>
      <TextArea label="Other submission (optional)" rows={2} value={other} onChange={(e) => setOther(e.target.value)} />
    </ExportForm>
  );
}
