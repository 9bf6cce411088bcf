import { useRef, type KeyboardEvent } from 'react';
import './auth-tabs.css';

type AuthTabsProps<Tab extends string> = {
  label: string;
  tabs: readonly { id: Tab; label: string }[];
  current: Tab;
  onChange: (tab: Tab) => void;
  /** The id of the panel (the form) the tabs control; see tabIdOf for its aria-labelledby. */
  panelId: string;
  testId?: string;
};

export const tabIdOf = (panelId: string, tab: string): string => `${panelId}-tab-${tab}`;

/** A tab list with arrow-key movement; the form below is the one panel all tabs share. */
export function AuthTabs<Tab extends string>({
  label,
  tabs,
  current,
  onChange,
  panelId,
  testId,
}: AuthTabsProps<Tab>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const moveFocus = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    // Right-to-left pages (Urdu) mirror the arrows.
    const direction = document.documentElement.dir === 'rtl' ? -step : step;
    const next = (index + direction + tabs.length) % tabs.length;
    const tab = tabs[next];
    if (tab === undefined) return;
    onChange(tab.id);
    buttons.current[next]?.focus();
  };
  return (
    <div className="auth-tabs" role="tablist" aria-label={label} data-testid={testId}>
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          id={tabIdOf(panelId, tab.id)}
          type="button"
          role="tab"
          className="auth-tabs__tab"
          aria-selected={tab.id === current}
          aria-controls={panelId}
          tabIndex={tab.id === current ? 0 : -1}
          data-testid={`tab-${tab.id}`}
          onClick={() => {
            onChange(tab.id);
          }}
          onKeyDown={(event) => {
            moveFocus(event, index);
          }}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
