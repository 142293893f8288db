import type { HTMLAttributes } from 'react';
import styles from './Reveal.module.css';

/** Content that slides into place after it first paints. Pure CSS, so it plays (and the content is there) without JavaScript. */
export function Reveal({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={className ? `${styles.reveal} ${className}` : styles.reveal} {...props} />;
}
