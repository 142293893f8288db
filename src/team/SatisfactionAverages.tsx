import { applicantSideApi } from './applicantApi';
import { formatDecimal } from './format';
import { useTeamData } from './useTeamData';
import styles from './team.module.css';
import { ScrollingTable } from './ScrollingTable';


/** How applicants rated the process, per programme: the average of 1 to 5 and how many answered. */
export function SatisfactionAverages() {
  const summary = useTeamData(() => applicantSideApi.satisfaction(), []);
  if (summary.state !== 'ready') return null;
  return (
    <section className={styles.section} aria-labelledby="satisfaccion">
      <h2 id="satisfaccion" className={styles.subtitle}>
        Experiencia de las personas solicitantes
      </h2>
      <ScrollingTable caption="Respuestas a «¿Cómo fue tu experiencia con el proceso?» (de 1 a 5), después de cada decisión." captionClassName={styles.muted}>
        <thead>
          <tr>
            <th scope="col">Programa</th>
            <th scope="col">Promedio</th>
            <th scope="col">Respuestas</th>
          </tr>
        </thead>
        <tbody>
          {summary.data.programmes.map((row) => (
            <tr key={row.form}>
              <td>{row.programme}</td>
              <td>{row.average === null ? '—' : `${formatDecimal(row.average, { min: 1, max: 1 })} de 5`}</td>
              <td>{row.count}</td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
    </section>
  );
}
