import { useState } from 'react';
import { TextField } from '../ui/Field.tsx';
import { ExportForm } from './ExportForm.tsx';
import { parseClaimNumbers } from './claim-numbers.ts';

/**
 * Notice of appeal to the PTAB (37 CFR 41.31, fee 41.20(b)(1)). The claims must have been twice
 * rejected (41.31(a)(1)): the server answers 409 not_twice_rejected otherwise.
 */
export function NoticeOfAppealForm({ applicationNumber }: { applicationNumber: string }) {
  const [claims, setClaims] = useState('');
  const [withPreAppeal, setWithPreAppeal] = useState(false);
  const [deposit, setDeposit] = useState('');

  const build = () => {
    const parsed = claims.trim() ? parseClaimNumbers(claims) : null;
    if (typeof parsed === 'string') return parsed;
    return {
      type: 'form' as const,
      form: 'notice_of_appeal',
      application_number: applicationNumber,
      input: {
        ...(parsed ? { claims: parsed } : {}),
        ...(withPreAppeal ? { with_pre_appeal_request: true } : {}),
        ...(deposit.trim() ? { deposit_account: deposit.trim() } : {}),
      },
    };
  };

  return (
    <ExportForm applicationNumber={applicationNumber} type="form" form="notice_of_appeal" noun="Prepare the notice of appeal" build={build}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Claims appealed (optional)"
          value={claims}
          onChange={(e) => setClaims(e.target.value)}
          hint="e.g. 1-8, 10. Default: the rejected claims."
        />
        <TextField
          label="Deposit account"
          hint="Leave empty to use the one in your practitioner profile (Settings)."
          value={deposit}
          onChange={(e) => setDeposit(e.target.value)}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={withPreAppeal} onChange={(e) => setWithPreAppeal(e.target.checked)} /> A pre-appeal brief request for review is filed
        with this notice
      </label>
    </ExportForm>
  );
}
