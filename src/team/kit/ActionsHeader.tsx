import styles from '../team.module.css';

/** The header of a table's last column, which holds each row's buttons: named for screen readers only. */
export function ActionsHeader() {
  return (
    <th scope="col">
      <span className={styles.visuallyHidden}>Acciones</span>
    </th>
  );
}
