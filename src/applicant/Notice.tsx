import { areaNotices } from '@/components/Notice';
import { classNames } from '@/lib/classNames';
import styles from './applicant.module.css';

/** A result in the applicant portal, and the outcome of what the applicant just did, which takes the focus (src/components/Notice.tsx). */
export const { Notice, ActionNotice, LoadFailure } = areaNotices((tone) => classNames(styles.notice, tone !== 'info' && styles[tone]));
