import { areaNotices } from '@/components/Notice';
import { classNames } from '@/lib/classNames';
import styles from './team.module.css';

/** A result on a team page, and the outcome of a team action, which takes the focus (src/components/Notice.tsx). */
export const { Notice, ActionNotice, LoadFailure } = areaNotices((tone) => classNames(styles.notice, styles[tone]));
