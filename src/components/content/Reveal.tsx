import type { HTMLAttributes } from 'react';
import { classNames } from '@/lib/classNames';
import styles from './Reveal.module.css';

/** Content that slides into place after it first paints. Pure CSS, so it plays (and the content is there) without JavaScript. */
export function Reveal({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={classNames(styles.reveal, className)} {...props} />;
}
