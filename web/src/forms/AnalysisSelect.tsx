import { useAnalysesList } from '../api/analyses.ts';
import { SelectField } from '../ui/Field.tsx';
import { ErrorState, Loading } from '../ui/States.tsx';
import { fmtDateTime } from '../ui/format.ts';
import { paperKindWords, sentenceCase } from '../response/words.ts';

/** The application's analyses (GET /api/analyses), newest first, for a form that reads one. */
export function useApplicationAnalyses(applicationNumber: string) {
  const list = useAnalysesList();
  const digits = applicationNumber.replace(/\D/g, '');
  const mine = (list.data?.analyses ?? []).filter((a) => a.application_number.replace(/\D/g, '') === digits);
  return { ...list, mine };
}

/**
 * A select of the application's analyses. `optional` adds "None" (the terminal disclaimer and the
 * pre-appeal request can be written without one); `value` '' then means none.
 */
export function AnalysisSelect({
  applicationNumber,
  value,
  onChange,
  label,
  hint,
  optional = false,
}: {
  applicationNumber: string;
  value: string;
  onChange: (id: string) => void;
  label: string;
  hint?: string;
  optional?: boolean;
}) {
  const analyses = useApplicationAnalyses(applicationNumber);
  if (analyses.isPending) return <Loading label="Loading analyses…" />;
  if (analyses.error) return <ErrorState error={analyses.error} retry={() => analyses.refetch()} />;
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)} hint={hint}>
      {optional ? <option value="">None</option> : null}
      {analyses.mine.map((a) => (
        <option key={a.analysis_id} value={a.analysis_id}>
          {sentenceCase(paperKindWords(a.rejection_type))}, analyzed {fmtDateTime(a.created_at)}
        </option>
      ))}
    </SelectField>
  );
}
