import type { HTMLAttributes } from 'react';
import { classNames } from '@/lib/classNames';
import styles from './SiteContainer.module.css';

type ContainerElement = 'div' | 'section' | 'nav' | 'header' | 'footer';

/** Page-width wrapper: 450px column on phones, full width with wider padding from md. */
export function SiteContainer({ as: Element = 'div', className, ...props }: { as?: ContainerElement } & HTMLAttributes<HTMLElement>) {
  return <Element className={classNames(styles.container, className)} {...props} />;
}
