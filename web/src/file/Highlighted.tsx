import { withOffsetKeys } from '../ui/content-keys.ts';
import { segments, type Range } from './highlight.ts';

/** A text with some of its words marked (a <mark> is announced as "highlight" by screen readers). */
export function Highlighted({ text, ranges, className = '' }: { text: string; ranges: readonly Range[]; className?: string }) {
  return (
    <span className={className}>
      {withOffsetKeys(segments(text, ranges), (s) => s.text).map(({ item: s, key }) =>
        s.marked ? (
          <mark key={key} className="rounded-sm bg-yellow-200 px-0.5 text-slate-950">
            {s.text}
          </mark>
        ) : (
          <span key={key}>{s.text}</span>
        ),
      )}
    </span>
  );
}
