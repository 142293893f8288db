import type { NavItem } from './navigation';
import { classNames } from '@/lib/classNames';
import styles from './NavLink.module.css';

const sizeClass = { regular: undefined, small: styles.small, large: styles.large } as const;

/** One navigation entry, internal or external, marked when it is the current page. A plain link: every page is a full load. */
export function NavLink({ item, active, size = 'regular' }: { item: NavItem; active: boolean; size?: keyof typeof sizeClass }) {
  const className = classNames(styles.link, sizeClass[size]);
  if (item.kind === 'internal') {
    return (
      <a href={item.href} aria-current={active ? 'page' : undefined} className={className}>
        {item.label}
      </a>
    );
  }
  return (
    <a href={item.href} className={className} {...(item.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {item.label}
      {item.newTab ? <span className="sr-only"> (se abre en una pestaña nueva)</span> : null}
    </a>
  );
}
