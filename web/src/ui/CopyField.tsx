import { useId, useState } from 'react';

/** A read-only secret with a copy button (the clipboard may be refused: the text stays selectable). */
export function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      setCopied('no');
    }
  };
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-400 bg-slate-50 px-3 py-2 font-mono text-sm"
        />
        <button type="button" onClick={copy} className="rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-100">
          Copy
        </button>
      </div>
      <p aria-live="polite" className="text-xs text-slate-700">
        {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'no' ? 'Copy was blocked: the text is selected, press Ctrl+C.' : ''}
      </p>
    </div>
  );
}
