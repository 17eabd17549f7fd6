import { useState } from 'react';
import { Link } from 'react-router';
import { TextArea, TextField } from '../ui/Field.tsx';
import { Empty, ErrorState, Loading } from '../ui/States.tsx';
import { AnalysisSelect, useApplicationAnalyses } from './AnalysisSelect.tsx';
import { ExportForm } from './ExportForm.tsx';

/**
 * Client reporting letter on an office action: grounds with claims, deadlines with extension fees,
 * options and a recommendation, all from an analysis of the application (the server requires one).
 */
export function ClientReportForm({ applicationNumber }: { applicationNumber: string }) {
  const analyses = useApplicationAnalyses(applicationNumber);
  const [analysisId, setAnalysisId] = useState('');
  const [client, setClient] = useState('');
  const [attention, setAttention] = useState('');
  const [reference, setReference] = useState('');
  const [recommendation, setRecommendation] = useState('');
  const chosen = analysisId || analyses.mine[0]?.analysis_id || '';

  const build = () => {
    if (!chosen) return 'Choose the analysis the letter reports.';
    const c = {
      ...(client.trim() ? { name: client.trim() } : {}),
      ...(attention.trim() ? { attention: attention.trim() } : {}),
      ...(reference.trim() ? { reference: reference.trim() } : {}),
    };
    return {
      type: 'form' as const,
      form: 'client_report',
      application_number: applicationNumber,
      analysis_id: chosen,
      input: {
        ...(Object.keys(c).length ? { client: c } : {}),
        ...(recommendation.trim() ? { recommendation: recommendation.trim() } : {}),
      },
    };
  };

  if (analyses.isPending) return <Loading label="Loading analyses…" />;
  if (analyses.error) return <ErrorState error={analyses.error} retry={() => analyses.refetch()} />;
  if (analyses.mine.length === 0) {
    return (
      <Empty title="No analysis of this application yet">
        The letter reports an analysis:{' '}
        <Link className="font-semibold text-blue-800 underline" to={`/applications/${encodeURIComponent(applicationNumber)}`}>
          analyze an office action
        </Link>{' '}
        first.
      </Empty>
    );
  }
  return (
    <ExportForm applicationNumber={applicationNumber} type="form" form="client_report" noun="Prepare the client letter" build={build}>
      <div className="max-w-xl">
        <AnalysisSelect
          applicationNumber={applicationNumber}
          value={chosen}
          onChange={setAnalysisId}
          label="Analysis reported"
          hint="Grounds, claims, deadlines and options come from it."
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label="Client (optional)" value={client} onChange={(e) => setClient(e.target.value)} hint="Default: the applicant of record" />
        <TextField label="Attention" value={attention} onChange={(e) => setAttention(e.target.value)} />
        <TextField label="Client reference" value={reference} onChange={(e) => setReference(e.target.value)} />
      </div>
      <TextArea
        label="Your recommendation (optional)"
        rows={4}
        value={recommendation}
        onChange={(e) => setRecommendation(e.target.value)}
        hint="Default: one written from the analysis"
      />
    </ExportForm>
  );
}
