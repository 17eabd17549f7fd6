import { useState } from 'react';
import { SelectField, TextField } from '../ui/Field.tsx';
import { AnalysisSelect } from './AnalysisSelect.tsx';
import { ExportForm } from './ExportForm.tsx';

/**
 * Terminal disclaimer to obviate a double patenting rejection (37 CFR 1.321(c), fee 1.20(d)). The
 * reference patent or application is named here, or taken from the analysis's double patenting
 * ground when an analysis is chosen.
 */
export function TerminalDisclaimerForm({ applicationNumber }: { applicationNumber: string }) {
  const [analysisId, setAnalysisId] = useState('');
  const [refKind, setRefKind] = useState<'patent' | 'application'>('patent');
  const [refNumber, setRefNumber] = useState('');
  const [owner, setOwner] = useState('');
  const [percent, setPercent] = useState('100');
  const [deposit, setDeposit] = useState('');

  const build = () => {
    if (!refNumber.trim() && !analysisId) return 'Name the reference patent or application, or choose an analysis whose double patenting ground names it.';
    const pct = percent.trim() ? Number(percent) : null;
    if (pct !== null && (!Number.isFinite(pct) || pct <= 0 || pct > 100)) return 'The percent interest is a number above 0, at most 100.';
    return {
      type: 'form' as const,
      form: 'terminal_disclaimer',
      application_number: applicationNumber,
      ...(analysisId ? { analysis_id: analysisId } : {}),
      input: {
        ...(refNumber.trim() ? { reference: { kind: refKind, number: refNumber.trim() } } : {}),
        ...(owner.trim() || pct !== null
          ? { owner: { ...(owner.trim() ? { name: owner.trim() } : {}), ...(pct !== null ? { percent_interest: pct } : {}) } }
          : {}),
        ...(deposit.trim() ? { deposit_account: deposit.trim() } : {}),
      },
    };
  };

  return (
    <ExportForm applicationNumber={applicationNumber} type="form" form="terminal_disclaimer" noun="Prepare the terminal disclaimer" build={build}>
      <div className="max-w-xl">
        <AnalysisSelect
          applicationNumber={applicationNumber}
          value={analysisId}
          onChange={setAnalysisId}
          label="Analysis (optional)"
          hint="Its double patenting ground names the reference when none is given below."
          optional
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Reference kind" value={refKind} onChange={(e) => setRefKind(e.target.value as 'patent' | 'application')}>
          <option value="patent">Prior patent</option>
          <option value="application">Reference application</option>
        </SelectField>
        <TextField label="Reference number" value={refNumber} onChange={(e) => setRefNumber(e.target.value)} hint="e.g. 10,123,456 or 16/555,444" />
        <TextField label="Owner (optional)" value={owner} onChange={(e) => setOwner(e.target.value)} hint="Default: the applicant of record" />
        <TextField label="Percent interest" inputMode="decimal" value={percent} onChange={(e) => setPercent(e.target.value)} />
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
