import { useRef, type ReactNode } from 'react';
import { Button } from '../ui/Button.tsx';

/** A list of editable rows with add/remove, each row a fieldset named for screen readers. */
export function RowList<T extends object>({
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
  // Each row keeps one React key from its first render to its removal, carried over to the copy
  // an edit makes: removing row 2 of 4 drops row 2's inputs, not the last row's (an index key
  // would hand row 3's focus and input state to row 2).
  const ids = useRef(new WeakMap<T, number>());
  const nextId = useRef(0);
  const idOf = (row: T) => {
    let id = ids.current.get(row);
    if (id === undefined) {
      id = nextId.current++;
      ids.current.set(row, id);
    }
    return id;
  };
  const update = (row: T, patch: Partial<T>) => {
    const changed = { ...row, ...patch };
    ids.current.set(changed, idOf(row));
    setRows(rows.map((r) => (r === row ? changed : r)));
  };
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold text-slate-900">
        {legend} <span className="font-normal text-slate-600">({rows.length})</span>
      </legend>
      {rows.length === 0 ? <p className="text-sm text-slate-600">None listed.</p> : null}
      <ol className="space-y-3">
        {rows.map((row, i) => (
          <li key={idOf(row)} className="rounded-md border border-slate-300 p-3">
            <fieldset>
              <legend className="sr-only">{`${legend}, row ${i + 1}`}</legend>
              <div className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-4">{render(row, (patch) => update(row, patch), i)}</div>
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
