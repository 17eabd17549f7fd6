import { useState } from 'react';
import { useApplicationDeadlines } from '../api/applications.ts';
import { SelectField, TextField } from '../ui/Field.tsx';
import { Empty, ErrorState, Loading } from '../ui/States.tsx';
import { fmtDate } from '../ui/format.ts';
import { ExportForm } from './ExportForm.tsx';
import { paperKindWords } from '../response/words.ts';

const actionWords = paperKindWords;

/** Petition for extension of time (37 CFR 1.136(a)); months and fee from the deadline engine. */
export function ExtensionForm({ applicationNumber }: { applicationNumber: string }) {
  const d = useApplicationDeadlines(applicationNumber);
  const [months, setMonths] = useState('');
  const [petitionDate, setPetitionDate] = useState('');
  const [deposit, setDeposit] = useState('');
  const calc = d.data?.calculation;
  const chosen = calc?.extensions.find((e) => String(e.months) === months);

  const build = () => ({
    type: 'form' as const,
    form: 'extension_of_time',
    application_number: applicationNumber,
    input: {
      ...(months ? { months: Number(months) } : {}),
      ...(petitionDate ? { petition_date: petitionDate } : {}),
      ...(deposit.trim() ? { deposit_account: deposit.trim() } : {}),
    },
  });

  if (d.isPending) return <Loading label="Reading the deadlines…" />;
  if (d.error) return <ErrorState error={d.error} retry={() => d.refetch()} />;
  if (!calc)
    return <Empty title="No office action is awaiting a reply">There is no period to extend. Record the office action on the application page first.</Empty>;
  if (!calc.extendable || calc.extensions.length === 0)
    return (
      <Empty title="This period cannot be extended">
        The reply to the {actionWords(calc.action)} of {fmtDate(calc.mailing_date)} must be filed by {fmtDate(calc.response_deadline)}.
      </Empty>
    );

  return (
    <ExportForm applicationNumber={applicationNumber} type="form" form="extension_of_time" noun="Prepare the petition" build={build}>
      <p className="text-sm">
        Reply to the {actionWords(calc.action)} mailed {fmtDate(calc.mailing_date)} is due <strong>{fmtDate(calc.response_deadline)}</strong> without extension.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Months of extension"
          value={months}
          onChange={(e) => setMonths(e.target.value)}
          hint={
            chosen
              ? `Extends to ${fmtDate(chosen.due_effective)}; USPTO fee ${chosen.fee_for_entity ? `$${chosen.fee_for_entity}` : 'not known for this date'} for this application's entity status (37 CFR 1.17(a)).`
              : 'By default, the fewest months that make the petition date timely.'
          }
        >
          <option value="">Fewest needed on the petition date</option>
          {calc.extensions.map((e) => (
            <option key={e.months} value={e.months}>
              {e.months} month{e.months > 1 ? 's' : ''}: to {fmtDate(e.due_effective)}
              {e.fee_for_entity ? `, $${e.fee_for_entity}` : ''}
            </option>
          ))}
        </SelectField>
        <TextField label="Petition date" type="date" value={petitionDate} onChange={(e) => setPetitionDate(e.target.value)} hint="Default: today" />
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
