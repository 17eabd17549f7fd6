import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * An action behind a confirmation (radix AlertDialog: focus trapped, Escape cancels); `tone`
 * "primary" for one that is weighty but not destructive.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
  tone = 'danger',
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  tone?: 'danger' | 'primary';
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-slate-700">{description}</div>
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className="rounded-md border border-slate-400 bg-white px-3.5 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100">
              Cancel
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={`rounded-md px-3.5 py-2 text-sm font-semibold text-white ${tone === 'danger' ? 'bg-red-700 hover:bg-red-800' : 'bg-blue-800 hover:bg-blue-900'}`}
              onClick={onConfirm}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
