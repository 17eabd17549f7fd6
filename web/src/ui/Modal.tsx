import { Dialog } from 'radix-ui';
import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A labelled modal dialog (radix: focus trapped, Escape closes). Focus goes back to what had it
 * when the dialog opened (the button that opened it): radix does that only for its own Trigger,
 * and these dialogs are opened by state, often mounted only while open, so without this a
 * keyboard user lands on the page's body after Escape.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'md',
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  size?: 'md' | 'lg';
}) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    return () => {
      const el = opener.current;
      // After radix has unmounted the content (and perhaps moved focus to the body).
      requestAnimationFrame(() => {
        if (el?.isConnected && (!document.activeElement || document.activeElement === document.body)) el.focus();
      });
    };
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90vh] ${size === 'lg' ? 'w-[min(94vw,44rem)]' : 'w-[min(94vw,34rem)]'} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl`}
          aria-describedby={description ? undefined : undefined}
          onCloseAutoFocus={(e) => {
            if (opener.current?.isConnected) {
              e.preventDefault();
              opener.current.focus();
            }
          }}
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-1 text-sm text-slate-700">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          <div className="mt-4">{children}</div>
          <Dialog.Close className="absolute top-3 right-3 rounded-md px-2 py-1 text-sm font-semibold text-slate-700 hover:bg-slate-100" aria-label="Close">
            ✕
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
