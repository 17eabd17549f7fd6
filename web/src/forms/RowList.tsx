import type { ReactNode } from 'react';
import { Button } from '../ui/Button.tsx';

/** A list of editable rows with add/remove, each row a fieldset named for screen readers. */
export function RowList<T>({
  legend,
  rows,
  setRows,
  blank,
  render,
  addLabel,
}: {
  legend: string;
  rows: T[];
  setRows: (rows: T[]) => void;
  blank: () => T;
  render: (row: T, update: (patch: Partial<T>) => void, index: number) => ReactNode;
  addLabel: string;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold text-slate-900">
        {legend} <span className="font-normal text-slate-600">({rows.length})</span>
      </legend>
      {rows.length === 0 ? <p className="text-sm text-slate-600">None listed.</p> : null}
      <ol className="space-y-3">
        {rows.map((row, i) => (
          <li key={i} className="rounded-md border border-slate-300 p-3">
            <fieldset>
              <legend className="sr-only">{`${legend}, row ${i + 1}`}</legend>
              <div className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-4">
                {render(row, (patch) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r))), i)}
              </div>
              <div className="mt-2 text-right">
                <Button variant="ghost" aria-label={`Remove ${legend.toLowerCase()} row ${i + 1}`} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                  Remove
                </Button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <Button variant="secondary" onClick={() => setRows([...rows, blank()])}>
        {addLabel}
      </Button>
    </fieldset>
  );
}
