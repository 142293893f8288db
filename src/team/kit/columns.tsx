import { teamRoutes } from '@/lib/team';
import type { Column } from './DataTable';
import styles from '../team.module.css';

/** The "Referencia" column of a list of applications: the reference, linking to the application's page. */
export function referenceColumn<Row extends { id: string; reference: string }>(): Column<Row> {
  return {
    key: 'reference',
    header: 'Referencia',
    cell: (item) => (
      <a href={teamRoutes.application(item.id)} className={styles.reference}>
        {item.reference}
      </a>
    ),
  };
}
