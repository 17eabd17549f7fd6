import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';

/** A destructive action behind a confirmation (radix AlertDialog: focus trapped, Escape cancels). */
export function ConfirmDialog({ trigger, title, description, confirmLabel, onConfirm }: { trigger: ReactNode; title: string; description: ReactNode; confirmLabel: string; onConfirm: () => void }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className="rounded-md border border-slate-400 bg-white px-3.5 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className="rounded-md bg-red-700 px-3.5 py-2 text-sm font-semibold text-white hover:bg-red-800" onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
