import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from '../team.module.css';

type Tab<K extends string> = { value: K; label: string };

/**
 * A tab list with manual activation (WAI-ARIA APG): the arrow keys, Home and End move the focus
 * among the tabs, Enter, Space or a click chooses one; only the chosen tab is in the Tab order and
 * only its panel is filled (the others are empty and hidden). Plain React and the team's CSS: Chakra's Tabs brought Chakra and Emotion
 * (33 kB gzip) to the inbox's first load for this alone.
 */
export function Tabs<K extends string>({ label, tabs, value, onChange, children }: { label: string; tabs: ReadonlyArray<Tab<K>>; value: K; onChange: (value: K) => void; children: ReactNode }) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (key: K) => `${id}-tab-${key}`;
  const panelId = (key: K) => `${id}-panel-${key}`;

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const targets: Partial<Record<string, number>> = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last };
    const next = targets[event.key];
    if (next === undefined) return;
    event.preventDefault();
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <div>
      <div ref={list} role="tablist" aria-label={label} aria-orientation="horizontal" className={styles.tabList}>
        {tabs.map((tab, index) => (
          <button
            key={tab.value}
            type="button"
            role="tab"
            id={tabId(tab.value)}
            aria-selected={tab.value === value}
            aria-controls={panelId(tab.value)}
            tabIndex={tab.value === value ? 0 : -1}
            className={styles.tab}
            onClick={() => {
              if (tab.value !== value) onChange(tab.value);
            }}
            onKeyDown={(event) => moveFocus(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div key={tab.value} role="tabpanel" id={panelId(tab.value)} aria-labelledby={tabId(tab.value)} tabIndex={0} hidden={tab.value !== value}>
          {tab.value === value ? children : null}
        </div>
      ))}
    </div>
  );
}
