import type { ComponentProps } from 'react';
import { classNames } from '@/lib/classNames';
import styles from './Button.module.css';

type Look = {
  /** `outline` for secondary actions. */
  variant?: 'solid' | 'outline';
  /** `small` for controls inside a field (remove file, discard draft). */
  size?: 'regular' | 'small';
};

function buttonClassName({ variant = 'solid', size = 'regular' }: Look, className?: string): string {
  return classNames(styles.button, variant === 'outline' && styles.outline, size === 'small' && styles.small, className);
}

/** The site's one button style (a ref reaches the <button>, for moving the focus back to it). */
export function Button({ variant, size, className, type = 'button', ...props }: Look & ComponentProps<'button'>) {
  return <button type={type} className={buttonClassName({ variant, size }, className)} {...props} />;
}

/**
 * A link that looks like the site's button (calls to action). A plain link, a whole page load: the
 * public shell around the page is HTML outside React (pages/_document.tsx), which a client-side
 * route change would leave showing the page the visitor came from.
 */
export function ButtonLink({ variant, size, className, ...props }: Look & ComponentProps<'a'>) {
  return <a className={buttonClassName({ variant, size }, className)} {...props} />;
}
