import type { Block } from '@/content/types';
import { ActionLink } from './ActionLink';
import { CardGrid } from './CardGrid';
import { Faq } from './Faq';
import { classNames } from '@/lib/classNames';
import styles from './RichBlocks.module.css';

function RichBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p className={styles.paragraph} data-light={block.light}>
          {block.text}
        </p>
      );
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List className={classNames(styles.list, block.ordered && styles.ordered)} data-light={block.light}>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </List>
      );
    }
    case 'steps':
      return (
        <ol className={styles.steps}>
          {block.items.map((step) => (
            <li key={step.title} className={styles.step}>
              <span aria-hidden="true" className={styles.stepNumber} />
              <h3 className={styles.stepTitle}>{step.title}</h3>
              <p data-light={step.light}>{step.text}</p>
            </li>
          ))}
        </ol>
      );
    case 'cards':
      return <CardGrid items={block.items} />;
    case 'stats':
      return (
        <dl className={styles.stats} data-light={block.light}>
          {block.items.map((stat) => (
            <div key={stat.label} className={styles.stat}>
              <dt>{stat.label}</dt>
              <dd className={styles.statValue}>{stat.value}</dd>
            </div>
          ))}
        </dl>
      );
    case 'faq':
      return <Faq items={block.items} />;
    case 'action':
      return (
        <p hidden={block.hidden} data-light={block.light}>
          <ActionLink link={block.link} />
        </p>
      );
  }
}

/** The body of a content section, block by block, spaced evenly. */
export function RichBlocks({ blocks }: { blocks: Block[] }) {
  return (
    <div className={styles.blocks}>
      {blocks.map((block, index) => (
        <RichBlock key={index} block={block} />
      ))}
    </div>
  );
}
