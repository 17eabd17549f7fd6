import { segments, type Range } from './highlight.ts';

/** A text with some of its words marked (a <mark> is announced as "highlight" by screen readers). */
export function Highlighted({ text, ranges, className = '' }: { text: string; ranges: readonly Range[]; className?: string }) {
  return (
    <span className={className}>
      {segments(text, ranges).map((s, i) =>
        s.marked ? (
          <mark key={i} className="rounded-sm bg-yellow-200 px-0.5 text-slate-950">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </span>
  );
}
