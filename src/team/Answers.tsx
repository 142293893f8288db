import type { AnswerSection } from './api';
import styles from './team.module.css';

/** One section's answers, each under its form label (the server sends them labelled, in form order). */
export function AnswerList({ answers }: { answers: AnswerSection['answers'] }) {
  return (
    <dl className={styles.answers}>
      {answers.map((answer) => (
        <div key={answer.name}>
          <dt>{answer.label}</dt>
          <dd>{answer.value === '' ? <span className={styles.muted}>Sin respuesta</span> : answer.value}</dd>
        </div>
      ))}
    </dl>
  );
}
