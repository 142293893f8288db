import type { ReactNode } from 'react';
import type { Column } from './DataTable';
import styles from '../team.module.css';

/** The name of a table's last column, which holds each row's buttons: for screen readers only. */
const actionsLabel = <span className={styles.visuallyHidden}>Acciones</span>;

/** The header of a table's last column, which holds each row's buttons: named for screen readers only. */
export function ActionsHeader() {
  return <th scope="col">{actionsLabel}</th>;
}

/** The same last column in a DataTable: its buttons for each row. */
export function actionsColumn<Row>(cell: (row: Row) => ReactNode): Column<Row> {
  return { key: 'actions', header: actionsLabel, cell };
}
