import styles from './team.module.css';

/** A checkbox per team member, named by their email: the reviewers of an application, or of a round-robin. */
export function MemberChoices({ options, chosen, onChange }: { options: ReadonlyArray<{ id: string; email: string }>; chosen: readonly string[]; onChange: (chosen: string[]) => void }) {
  return (
    <>
      {options.map((option) => (
        <label key={option.id} className={styles.choice}>
          <input
            type="checkbox"
            className={styles.checkbox}
            checked={chosen.includes(option.id)}
            onChange={(event) => onChange(event.target.checked ? [...chosen, option.id] : chosen.filter((id) => id !== option.id))}
          />{' '}
          <span className={styles.breakAnywhere}>{option.email}</span>
        </label>
      ))}
    </>
  );
}
