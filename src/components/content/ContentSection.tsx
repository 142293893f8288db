import type { SectionCopy } from '@/content/types';
import { Reveal } from './Reveal';
import { RichBlocks } from './RichBlocks';
import styles from './ContentSection.module.css';

/** One anchored section of a page: its heading in the mono face and its blocks. */
export function ContentSection({ section }: { section: SectionCopy }) {
  return (
    <section id={section.id} className={styles.section}>
      <Reveal>
        <h2 className={styles.title}>{section.title}</h2>
        <RichBlocks blocks={section.blocks} />
      </Reveal>
    </section>
  );
}

/** Sections one after another, evenly spaced. */
export function ContentSections({ sections }: { sections: SectionCopy[] }) {
  return (
    <div className={styles.sections}>
      {sections.map((section) => (
        <ContentSection key={section.id} section={section} />
      ))}
    </div>
  );
}
