import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ContentTabCopy } from '@/content/types';
import { RichBlocks } from './RichBlocks';
import styles from './ContentTabs.module.css';

/**
 * Tabs whose panels are parts of this page (WAI-ARIA tabs pattern: arrow keys, Home and End move
 * between tabs). A panel is mounted the first time its tab is selected, and kept afterwards.
 */
export function ContentTabs({ label, tabs }: { label: string; tabs: ContentTabCopy[] }) {
  const [selected, setSelected] = useState(0);
  const [mounted, setMounted] = useState<ReadonlySet<number>>(() => new Set([0]));
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const baseId = useId();

  const select = (index: number) => {
    setSelected(index);
    setMounted((previous) => new Set(previous).add(index));
    tabRefs.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const last = tabs.length - 1;
    const next = { ArrowRight: selected === last ? 0 : selected + 1, ArrowLeft: selected === 0 ? last : selected - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div>
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className={styles.tablist}>
        {tabs.map((tab, index) => (
          <button
            key={tab.label}
            ref={(element: HTMLButtonElement | null) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => select(index)}
            className={styles.tab}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div key={tab.label} role="tabpanel" id={`${baseId}-panel-${index}`} aria-labelledby={`${baseId}-tab-${index}`} tabIndex={0} hidden={index !== selected}>
          {mounted.has(index) ? (
            <>
              <h3 className={styles.panelTitle}>{tab.title}</h3>
              <RichBlocks blocks={tab.blocks} />
            </>
          ) : null}
        </div>
      ))}
    </div>
  );
}
