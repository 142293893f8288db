import type { ContentTabCopy } from '@/content/types';
import { RichBlocks } from './RichBlocks';
import styles from './ContentTabs.module.css';

/**
 * Tabs whose panels are parts of this page, every panel in the HTML. Without scripts the tabs are
 * links to their panels (`#id`): CSS shows the panel the address targets, the first while none is.
 * src/light/tabs.ts upgrades them to the WAI-ARIA tabs pattern (arrow keys, Home and End move
 * between tabs, only the selected one in the Tab order), without moving anything.
 */
export function ContentTabs({ label, tabs }: { label: string; tabs: ContentTabCopy[] }) {
  return (
    <div data-light="tabs" className={styles.tabs}>
      <nav aria-label={label} className={styles.tablist}>
        {tabs.map((tab) => (
          <a key={tab.id} id={`${tab.id}-tab`} href={`#${tab.id}`} className={styles.tab}>
            {tab.label}
          </a>
        ))}
      </nav>
      {tabs.map((tab) => (
        <div key={tab.id} id={tab.id} className={styles.panel}>
          <h3 className={styles.panelTitle}>{tab.title}</h3>
          <RichBlocks blocks={tab.blocks} />
        </div>
      ))}
    </div>
  );
}
