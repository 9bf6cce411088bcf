import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon';

type ModalProps = {
  title: string;
  /** Left out for a modal that must not be dismissed (the forced password change). */
  onClose?: () => void;
  children: ReactNode;
  testId?: string;
  /** `alertdialog` for warnings and confirmations that interrupt the visitor. */
  role?: 'dialog' | 'alertdialog';
  /** Wider body for forms with many fields. */
  size?: 'default' | 'wide';
  /** Spec section 4, Dialog: a click on the cover closes the modal unless this is false. */
  closeOnCover?: boolean;
  /** Spec section 4, Dialog: closes by itself after this many milliseconds. */
  autoCloseMs?: number;
};

// Modals can stack (a warning over the login form): only the topmost one answers Escape and traps Tab.
const openModals: string[] = [];
const isTopmost = (id: string): boolean => openModals.at(-1) === id;

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

const keepFocusInside = (dialog: HTMLElement, event: KeyboardEvent): void => {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(focusableSelector)];
  const first = focusable.at(0);
  const last = focusable.at(-1);
  if (first === undefined || last === undefined) {
    event.preventDefault();
    dialog.focus();
    return;
  }
  const active = document.activeElement;
  const isInside = active instanceof Node && dialog.contains(active);
  if (event.shiftKey && (active === first || active === dialog || !isInside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !isInside)) {
    event.preventDefault();
    first.focus();
  }
};

export function Modal({
  title,
  onClose,
  children,
  testId,
  role = 'dialog',
  size = 'default',
  closeOnCover = true,
  autoCloseMs,
}: ModalProps) {
  const { t } = useTranslation();
  const modalId = useId();
  const titleId = `${modalId}-title`;
  const dialogRef = useRef<HTMLDivElement>(null);
  const handleKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const dialog = dialogRef.current;
    if (!isTopmost(modalId) || dialog === null) return;
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab') {
      keepFocusInside(dialog, event);
    }
  });

  const closeByItself = useEffectEvent(() => {
    onClose?.();
  });
  useEffect(() => {
    if (autoCloseMs === undefined) return;
    const timer = window.setTimeout(closeByItself, autoCloseMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [autoCloseMs]);

  useEffect(() => {
    // Keyboard users land inside the dialog and return where they were when it closes.
    const previousFocus = document.activeElement;
    openModals.push(modalId);
    dialogRef.current?.focus();
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      openModals.splice(openModals.indexOf(modalId), 1);
      if (previousFocus instanceof HTMLElement && previousFocus.isConnected) previousFocus.focus();
    };
  }, [modalId]);

  return createPortal(
    <div
      className="modal-cover"
      onClick={(event) => {
        if (closeOnCover && event.target === event.currentTarget) onClose?.();
      }}
    >
      <div
        className={size === 'wide' ? 'modal modal--wide' : 'modal'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        ref={dialogRef}
        data-testid={testId}
      >
        {/* A div, not <header>: a header here could be taken for a second banner landmark of the page. */}
        <div className="modal__header">
          <h2 id={titleId}>{title}</h2>
          {onClose && (
            <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
              <Icon name="close" />
            </button>
          )}
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
