import { useState } from 'react';
import { SelectField, TextField } from '../ui/Field.tsx';
import { ExportForm } from './ExportForm.tsx';
import { RowList } from './RowList.tsx';

interface NodeRow {
  label: string;
  ref_numeral: string;
  shape: 'box' | 'decision' | 'terminal' | 'io' | 'storage';
}
interface EdgeRow {
  from: string;
  to: string;
  label: string;
}

/** Node ids are their row positions: the edges name nodes by them. */
const nodeId = (i: number) => `n${i + 1}`;

/** A block diagram or flowchart sheet within 37 CFR 1.84 margins. */
export function DrawingForm({ applicationNumber }: { applicationNumber: string }) {
  const [figure, setFigure] = useState('FIG. 1');
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<'block' | 'flow'>('block');
  const [nodes, setNodes] = useState<NodeRow[]>([{ label: '', ref_numeral: '100', shape: 'box' }]);
  const [edges, setEdges] = useState<EdgeRow[]>([]);

  const build = () => {
    if (nodes.length === 0) return 'Add at least one element.';
    const ids = new Set(nodes.map((_, i) => nodeId(i)));
    if (edges.some((e) => !ids.has(e.from) || !ids.has(e.to))) return 'Every connection needs its two elements.';
    return {
      type: 'drawing' as const,
      application_number: applicationNumber,
      input: {
        figure_label: figure.trim(),
        kind,
        ...(title.trim() ? { title: title.trim() } : {}),
        nodes: nodes.map((n, i) => ({ id: nodeId(i), label: n.label.trim(), ref_numeral: n.ref_numeral.trim(), shape: n.shape })),
        edges: edges.map((e) => ({ from: e.from, to: e.to, ...(e.label.trim() ? { label: e.label.trim() } : {}) })),
      },
    };
  };

  const nodeOptions = nodes.map((n, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: an element's id is its place (nodeId(i)), the id the connections name and the option's value
    <option key={i} value={nodeId(i)}>
      {n.ref_numeral || nodeId(i)}
      {n.label ? ` ${n.label}` : ''}
    </option>
  ));
  return (
    <ExportForm applicationNumber={applicationNumber} type="drawing" noun="Prepare the drawing sheet" build={build}>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label="Figure label" value={figure} onChange={(e) => setFigure(e.target.value)} required />
        <SelectField label="Kind of drawing" value={kind} onChange={(e) => setKind(e.target.value as 'block' | 'flow')}>
          <option value="block">Block diagram</option>
          <option value="flow">Flowchart</option>
        </SelectField>
        <TextField label="Title (optional)" value={title} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <RowList
        legend="Elements"
        addLabel="Add an element"
        rows={nodes}
        setRows={setNodes}
        blank={() => ({ label: '', ref_numeral: String(100 + nodes.length * 2), shape: 'box' as const })}
        render={(r, u) => (
          <>
            <TextField label="Element label" value={r.label} onChange={(e) => u({ label: e.target.value })} required />
            <TextField label="Reference numeral" value={r.ref_numeral} onChange={(e) => u({ ref_numeral: e.target.value })} required />
            <SelectField label="Shape" value={r.shape} onChange={(e) => u({ shape: e.target.value as NodeRow['shape'] })}>
              <option value="box">Box</option>
              <option value="decision">Decision</option>
              <option value="terminal">Start/end</option>
              <option value="io">Input/output</option>
              <option value="storage">Storage</option>
            </SelectField>
          </>
        )}
      />
      <RowList
        legend="Connections"
        addLabel="Add a connection"
        rows={edges}
        setRows={setEdges}
        blank={() => ({ from: nodeId(0), to: nodeId(Math.min(1, nodes.length - 1)), label: '' })}
        render={(r, u) => (
          <>
            <SelectField label="From" value={r.from} onChange={(e) => u({ from: e.target.value })}>
              {nodeOptions}
            </SelectField>
            <SelectField label="To" value={r.to} onChange={(e) => u({ to: e.target.value })}>
              {nodeOptions}
            </SelectField>
            <TextField label="Connection label (optional)" value={r.label} onChange={(e) => u({ label: e.target.value })} />
          </>
        )}
      />
    </ExportForm>
  );
}
