import { applicantSideApi, type SatisfactionSummary } from './applicantApi';
import { formatDecimal } from './format';
import { useTeamData } from './useTeamData';
import styles from './team.module.css';
import { DataTable, type Column } from './kit/DataTable';

/** A programme's ratings: the average of 1 to 5 and how many answered. */
type Ratings = SatisfactionSummary['programmes'][number];

const columns: Column<Ratings>[] = [
  { key: 'programme', header: 'Programa', cell: (row) => row.programme },
  { key: 'average', header: 'Promedio', cell: (row) => (row.average === null ? '—' : `${formatDecimal(row.average, { min: 1, max: 1 })} de 5`) },
  { key: 'count', header: 'Respuestas', cell: (row) => row.count },
];

/** How applicants rated the process, per programme: the average of 1 to 5 and how many answered. */
export function SatisfactionAverages() {
  const summary = useTeamData(() => applicantSideApi.satisfaction(), []);
  if (summary.state !== 'ready') return null;
  return (
    <section className={styles.section} aria-labelledby="satisfaccion">
      <h2 id="satisfaccion" className={styles.subtitle}>
        Experiencia de las personas solicitantes
      </h2>
      <DataTable
        caption="Respuestas a «¿Cómo fue tu experiencia con el proceso?» (de 1 a 5), después de cada decisión."
        captionClassName={styles.muted}
        columns={columns}
        rows={summary.data.programmes}
        rowKey={(row) => row.form}
      />
    </section>
  );
}
