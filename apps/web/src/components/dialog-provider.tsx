import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';
import './dialog-provider.css';

type AlertOptions = {
  message: string;
  title?: string;
  confirmLabel?: string;
  /** False keeps the dialog open when the cover is clicked (spec section 4, Dialog). */
  closeOnCover?: boolean;
  /** Dismisses the dialog (as a cancel) after this many milliseconds. */
  autoCloseMs?: number;
};
type ConfirmOptions = AlertOptions & { cancelLabel?: string };

export type Dialogs = {
  /** A warning with one button (spec: "warning popup … and a confirm button"); resolves when dismissed. */
  alert: (options: AlertOptions) => Promise<void>;
  /** A question with confirm and cancel; resolves true only on confirm. */
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  /** A short note that goes away by itself (copy confirmation). */
  toast: (message: string) => void;
};

type OpenDialog = {
  id: number;
  kind: 'alert' | 'confirm';
  options: ConfirmOptions;
  resolve: (isConfirmed: boolean) => void;
};

const toastDurationMs = 2500;

const DialogContext = createContext<Dialogs | null>(null);

function DialogView({ dialog, onDone }: { dialog: OpenDialog; onDone: (isConfirmed: boolean) => void }) {
  const { t } = useTranslation();
  const { kind, options } = dialog;
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    confirmRef.current?.focus();
  }, []);
  return (
    <Modal
      title={options.title ?? t(kind === 'confirm' ? 'dialog.confirm_title' : 'dialog.warning_title')}
      role="alertdialog"
      testId={kind === 'confirm' ? 'confirm-dialog' : 'alert-dialog'}
      closeOnCover={options.closeOnCover}
      autoCloseMs={options.autoCloseMs}
      onClose={() => {
        onDone(false);
      }}
    >
      <p className="dialog__message">{options.message}</p>
      <div className="dialog__actions">
        {kind === 'confirm' && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              onDone(false);
            }}
          >
            {options.cancelLabel ?? t('dialog.cancel')}
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          ref={confirmRef}
          data-testid="dialog-confirm"
          onClick={() => {
            onDone(true);
          }}
        >
          {options.confirmLabel ?? t('dialog.confirm')}
        </button>
      </div>
    </Modal>
  );
}

/** One place for the site's warnings, confirmations and toasts, so any screen can raise them. */
export function DialogProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<OpenDialog[]>([]);
  const [toast, setToast] = useState<{ id: number; message: string } | null>(null);
  const nextId = useRef(0);

  const open = useCallback(
    (kind: OpenDialog['kind'], options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        nextId.current += 1;
        const id = nextId.current;
        setQueue((current) => [...current, { id, kind, options, resolve }]);
      }),
    [],
  );

  useEffect(() => {
    if (toast === null) return;
    const timer = window.setTimeout(() => {
      setToast(null);
    }, toastDurationMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [toast]);

  const dialogs = useMemo<Dialogs>(
    () => ({
      alert: async (options) => {
        await open('alert', options);
      },
      confirm: (options) => open('confirm', options),
      toast: (message) => {
        // A new id restarts the timer when the same message is raised twice in a row.
        nextId.current += 1;
        setToast({ id: nextId.current, message });
      },
    }),
    [open],
  );

  const [current] = queue;
  return (
    <DialogContext value={dialogs}>
      {children}
      {current && (
        <DialogView
          key={current.id}
          dialog={current}
          onDone={(isConfirmed) => {
            setQueue((pending) => pending.slice(1));
            current.resolve(isConfirmed);
          }}
        />
      )}
      {createPortal(
        <div className="toast-region" role="status" aria-live="polite">
          {toast !== null && (
            <p className="toast" data-testid="toast" key={toast.id}>
              {toast.message}
            </p>
          )}
        </div>,
        document.body,
      )}
    </DialogContext>
  );
}

export const useDialogs = (): Dialogs => {
  const dialogs = use(DialogContext);
  if (dialogs === null) throw new Error('useDialogs needs a DialogProvider above it.');
  return dialogs;
};
