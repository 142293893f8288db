import type { ComponentProps } from 'react';
import { SiteLink } from '@/components/SiteLink';
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

/** An internal link that looks like the site's button (calls to action). */
export function ButtonLink({ variant, size, className, ...props }: Look & ComponentProps<typeof SiteLink>) {
  return <SiteLink className={buttonClassName({ variant, size }, className)} {...props} />;
}
