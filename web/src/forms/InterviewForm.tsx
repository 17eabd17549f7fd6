import { useState } from 'react';
import { Link } from 'react-router';
import { useAnalysesList } from '../api/analyses.ts';
import { SelectField, TextArea, TextField } from '../ui/Field.tsx';
import { Empty, ErrorState, Loading } from '../ui/States.tsx';
import { fmtDateTime } from '../ui/format.ts';
import { ExportForm } from './ExportForm.tsx';
import { paperKindWords, sentenceCase } from '../response/words.ts';

/** Applicant-initiated interview request (PTOL-413A), its agenda drawn from an analysis. */
export function InterviewForm({ applicationNumber }: { applicationNumber: string }) {
  const analyses = useAnalysesList();
  const mine = (analyses.data?.analyses ?? []).filter((a) => a.application_number === applicationNumber);
  const [analysisId, setAnalysisId] = useState('');
  const [type, setType] = useState<'telephonic' | 'video' | 'in_person'>('video');
  const [slotDate, setSlotDate] = useState('');
  const [slotTime, setSlotTime] = useState('');
  const [exhibit, setExhibit] = useState('');
  const chosen = analysisId || mine[0]?.analysis_id || '';

  const build = () => {
    if (!chosen) return 'Choose the analysis the agenda is drawn from.';
    return {
      type: 'form' as const,
      form: 'interview_request',
      application_number: applicationNumber,
      analysis_id: chosen,
      input: {
        interview_type: type,
        ...(slotDate ? { proposed_slots: [{ date: slotDate, ...(slotTime.trim() ? { time: slotTime.trim() } : {}) }] } : {}),
        ...(exhibit.trim() ? { exhibit: exhibit.trim() } : {}),
      },
    };
  };

  if (analyses.isPending) return <Loading label="Loading analyses…" />;
  if (analyses.error) return <ErrorState error={analyses.error} retry={() => analyses.refetch()} />;
  if (mine.length === 0) {
    return (
      <Empty title="No analysis of this application yet">
        The agenda is drawn from an analysis:{' '}
        <Link className="font-semibold text-blue-800 underline" to={`/applications/${encodeURIComponent(applicationNumber)}`}>
          analyze an office action
        </Link>{' '}
        first.
      </Empty>
    );
  }
  return (
    <ExportForm applicationNumber={applicationNumber} type="form" form="interview_request" noun="Prepare the interview request" build={build}>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Analysis for the agenda"
          value={chosen}
          onChange={(e) => setAnalysisId(e.target.value)}
          hint="The claims, grounds and proposed strategy per claim come from it."
        >
          {mine.map((a) => (
            <option key={a.analysis_id} value={a.analysis_id}>
              {sentenceCase(paperKindWords(a.rejection_type))}, analyzed {fmtDateTime(a.created_at)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Interview type" value={type} onChange={(e) => setType(e.target.value as typeof type)}>
          <option value="telephonic">Telephonic</option>
          <option value="video">Video conference</option>
          <option value="in_person">In person</option>
        </SelectField>
        <TextField label="Proposed date" type="date" value={slotDate} onChange={(e) => setSlotDate(e.target.value)} />
        <TextField label="Proposed time" value={slotTime} onChange={(e) => setSlotTime(e.target.value)} hint="e.g. 2:00 pm ET" />
      </div>
      <TextArea label="Exhibit or proposed amendment (optional)" rows={3} value={exhibit} onChange={(e) => setExhibit(e.target.value)} />
    </ExportForm>
  );
}
