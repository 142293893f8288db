import { site } from '@/config/site';
import styles from './Logo.module.css';

/** The wordmark; it always leads home (a plain link: a full page load, as every link of the public shell). */
export function Logo() {
  return (
    // eslint-disable-next-line @next/next/no-html-link-for-pages -- the public shell's links are full page loads: the content pages have no router
    <a href="/" aria-label={`${site.product} Academy, ir al inicio`} className={styles.logo}>
      <svg aria-hidden="true" width="32" height="32" viewBox="0 0 32 32">
        <rect x="2" y="2" width="28" height="28" fill="#232264" />
        <path d="M9 20l7-10 7 10z" fill="#ff4d15" />
        <path d="M9 22h14" stroke="#F50087" strokeWidth="3" />
      </svg>
      <span>
        {site.product}
        <span className={styles.academy}> Academy</span>
      </span>
    </a>
  );
}
