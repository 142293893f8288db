import type { CourseCardCopy } from '@/content/types';
import { ActionLink } from './ActionLink';
import { Badges } from './Badges';
import styles from './CourseCard.module.css';

/** A course as a card: illustration, badges (rating included), title, summary, duration, and its call to action. */
export function CourseCard({ course }: { course: CourseCardCopy }) {
  return (
    <article className={styles.card}>
      {/* eslint-disable-next-line @next/next/no-img-element -- SVG with width and height set: the export is unoptimized, so next/image would only add script */}
      <img src={course.image.src} alt="" width={course.image.width} height={course.image.height} className={styles.image} />
      <div className={styles.body}>
        <Badges items={course.badges} label="Características del curso" />
        <h3 className={styles.title}>{course.title}</h3>
        <p className={styles.summary}>{course.summary}</p>
        <p className={styles.duration}>{course.duration}</p>
        <ActionLink link={course.link} context={course.title} />
      </div>
    </article>
  );
}
