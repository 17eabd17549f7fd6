import { useState } from 'react';
import { TextArea, TextField } from '../ui/Field.tsx';
import { AnalysisSelect } from './AnalysisSelect.tsx';
import { ExportForm } from './ExportForm.tsx';
import { RowList } from './RowList.tsx';

interface ArgumentRow {
  heading: string;
  text: string;
}

/** About 1,750 words: the five pages the pre-appeal pilot allows (the server refuses more). */
const WORD_LIMIT = 1750;

/**
 * Pre-appeal brief request for review (OG notice of July 12, 2005; filed with the notice of
 * appeal). Arguments are one per rejection; a heading without text leaves a counted place. With an
 * analysis, the grounds come from it. No USPTO fee.
 */
export function PreAppealForm({ applicationNumber }: { applicationNumber: string }) {
  const [analysisId, setAnalysisId] = useState('');
  const [args, setArgs] = useState<ArgumentRow[]>([{ heading: '', text: '' }]);
  const words = args.reduce((n, a) => n + (a.text.trim() ? a.text.trim().split(/\s+/).length : 0), 0);

  const build = () => {
    const listed = args.filter((a) => a.heading.trim() || a.text.trim());
    if (!analysisId && listed.length === 0) return 'Argue at least one rejection, or choose an analysis to draw the grounds from.';
    if (words > WORD_LIMIT) return `The arguments run to ${words} words; the request allows five pages (about ${WORD_LIMIT} words).`;
    return {
      type: 'form' as const,
      form: 'pre_appeal_request',
      application_number: applicationNumber,
      ...(analysisId ? { analysis_id: analysisId } : {}),
      input: listed.length
        ? { arguments: listed.map((a) => ({ ...(a.heading.trim() ? { heading: a.heading.trim() } : {}), ...(a.text.trim() ? { text: a.text.trim() } : {}) })) }
        : {},
    };
  };

  return (
    <ExportForm applicationNumber={applicationNumber} type="form" form="pre_appeal_request" noun="Prepare the pre-appeal request" build={build}>
      <div className="max-w-xl">
        <AnalysisSelect
          applicationNumber={applicationNumber}
          value={analysisId}
          onChange={setAnalysisId}
          label="Analysis (optional)"
          hint="Draws the rejection grounds from the analysis."
          optional
        />
      </div>
      <RowList
        legend="Arguments"
        addLabel="Add an argument"
        rows={args}
        setRows={setArgs}
        blank={() => ({ heading: '', text: '' })}
        render={(r, u) => (
          <>
            <div className="sm:col-span-2 lg:col-span-4">
              <TextField
                label="Rejection argued"
                value={r.heading}
                onChange={(e) => u({ heading: e.target.value })}
                hint="e.g. Rejection of claims 1-8 under 35 U.S.C. 103"
              />
            </div>
            <div className="sm:col-span-2 lg:col-span-4">
              <TextArea
                label="Argument"
                rows={4}
                value={r.text}
                onChange={(e) => u({ text: e.target.value })}
                hint="The clear error, or the element missing from the prima facie case"
              />
            </div>
          </>
        )}
      />
      <p className="text-sm text-slate-700" aria-live="polite">
        {words} of about {WORD_LIMIT} words (five pages).
      </p>
    </ExportForm>
  );
}
