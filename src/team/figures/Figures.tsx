import type { FormEvent } from 'react';
import { programmes, REVIEWED_PROGRAMMES } from '@/config/programmes';
import { CsvLink } from '../kit/CsvLink';
import { DataTable, type Column } from '../kit/DataTable';
import { FilterField, FilterForm } from '../kit/FilterField';
import { ListView } from '../kit/ListView';
import { useListFilters } from '../kit/useListFilters';
import { ALL_ROUNDS, RoundSelect } from '../rounds/RoundSelect';
import { useRounds } from '../rounds/useRounds';
import { useTeamData } from '../useTeamData';
import styles from '../team.module.css';
import { figurePaths, figuresApi, type FigureTable, type Figures as FigureData, type FiguresFilter } from './figuresApi';
import { grantsColumns, moneyColumns, ratingColumns, reviewColumns, reviewerColumns, weekColumns } from './FigureTables';

const groupKey = (row: { programme: string; round: { id: string } | null }) => `${row.programme}-${row.round?.id ?? 'none'}`;

/** One table of the figures: its heading, what it counts, its CSV and the table (or what stands in when it is empty). */
function FigureSection<Row>(props: {
  id: FigureTable;
  title: string;
  caption: string;
  /** What the table counts, above it (a caption as long would be cut by the table's scrolling box on a phone). */
  note: string;
  filter: FiguresFilter;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  empty: string;
}) {
  const headingId = `cifras-${props.id}`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.subtitle}>
        {props.title}
      </h2>
      <p className={styles.muted}>{props.note}</p>
      {props.rows.length === 0 ? (
        <p className={styles.muted}>{props.empty}</p>
      ) : (
        <>
          <p>
            <CsvLink href={figurePaths.csv(props.id, props.filter)}>
              Descargar CSV <span className={styles.visuallyHidden}>de {props.title.toLowerCase()}</span>
            </CsvLink>
          </p>
          <DataTable caption={props.caption} columns={props.columns} rows={props.rows} rowKey={props.rowKey} />
        </>
      )}
    </section>
  );
}

function FigureSections({ data, filter }: { data: FigureData; filter: FiguresFilter }) {
  return (
    <>
      <FigureSection
        id="review"
        title="Revisión"
        caption="Revisión por programa y convocatoria"
        note="Decididas son las aprobadas y las rechazadas. La primera acción es el primer cambio de estado, nota interna, pregunta a la persona solicitante o puntaje de alguien del equipo. Los tiempos son horas desde el envío: la mediana y el percentil 90."
        filter={filter}
        columns={reviewColumns}
        rows={data.review}
        rowKey={groupKey}
        empty="No hay solicitudes con este filtro."
      />
      <FigureSection
        id="weeks"
        title="Solicitudes por semana"
        caption="Solicitudes recibidas por semana"
        note="Semanas ISO, de lunes a domingo (UTC)."
        filter={filter}
        columns={weekColumns}
        rows={data.weeks}
        rowKey={(row) => `${groupKey(row)}-${row.week}`}
        empty="No hay solicitudes con este filtro."
      />
      <FigureSection
        id="money"
        title="Montos"
        caption="Montos por moneda"
        note="Aprobado: las becas no canceladas. Pagado: todos los pagos registrados. Pendiente: lo que falta pagar de las becas no canceladas."
        filter={filter}
        columns={moneyColumns}
        rows={data.money}
        rowKey={(row) => `${groupKey(row)}-${row.currency}`}
        empty="Todavía no hay becas con este filtro."
      />
      <FigureSection
        id="grants"
        title="Seguimiento de becas"
        caption="Hitos vencidos e informes por revisar"
        note={`Hitos vencidos al ${data.today}: pendientes o con cambios pedidos, de becas activas. Informes de avance que esperan la revisión del equipo, y cuánto lleva esperando el más antiguo. Cada cifra lleva a las solicitudes aprobadas de la convocatoria.`}
        filter={filter}
        columns={grantsColumns}
        rows={data.grants}
        rowKey={groupKey}
        empty="Todavía no hay becas con hitos con este filtro."
      />
      <FigureSection
        id="reviewers"
        title="Carga de revisión"
        caption="Carga de cada persona"
        note="Solicitudes asignadas, con su puntaje enviado y por revisar (sin conflicto declarado y todavía sin decidir)."
        filter={filter}
        columns={reviewerColumns}
        rows={data.reviewers}
        rowKey={(row) => `${row.member.id}-${groupKey(row)}`}
        empty="No hay solicitudes asignadas con este filtro."
      />
      <FigureSection
        id="ratings"
        title="Valoraciones"
        caption="Valoraciones con sus comentarios"
        note={
          data.ratingsTotal > data.ratings.length
            ? `Las ${data.ratings.length} más recientes de ${data.ratingsTotal} respuestas a «¿Cómo fue tu experiencia con el proceso?» (de 1 a 5); el CSV las tiene todas.`
            : 'Respuestas a «¿Cómo fue tu experiencia con el proceso?» (de 1 a 5), las más recientes primero.'
        }
        filter={filter}
        columns={ratingColumns}
        rows={data.ratings}
        rowKey={(row) => row.reference}
        empty="Todavía no hay valoraciones con este filtro."
      />
    </>
  );
}

/**
 * Cifras: the programme's figures per programme and round, each one a link to the inbox filtered to the
 * applications behind it, each table with its CSV. Admins and reviewers read the same page (nothing on it changes data).
 */
export function Figures() {
  const rounds = useRounds();
  const { applied, setApplied, draft, setDraft, setPart } = useListFilters<FiguresFilter, FiguresFilter>({ programme: '', round: ALL_ROUNDS }, (filter) => filter);
  const figures = useTeamData(() => figuresApi.read(applied), [applied.programme, applied.round]);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setApplied(draft);
  };
  const roundProgrammes = draft.programme ? rounds.programmes.filter((programme) => programme.programme === draft.programme) : rounds.programmes;
  return (
    <>
      <FilterForm label="Programa y convocatoria" onSubmit={apply}>
        <FilterField id="cifras-programa" label="Programa">
          <select
            id="cifras-programa"
            className={styles.input}
            value={draft.programme}
            // A round belongs to one programme: another programme starts from all its rounds.
            onChange={(event) => setDraft({ programme: event.target.value, round: ALL_ROUNDS })}
          >
            <option value="">Todos los programas</option>
            {REVIEWED_PROGRAMMES.map((key) => (
              <option key={key} value={key}>
                {programmes[key].name}
              </option>
            ))}
          </select>
        </FilterField>
        <RoundSelect id="cifras-convocatoria" value={draft.round} onChange={(value) => setPart('round', value)} programmes={roundProgrammes} />
      </FilterForm>
      <ListView data={figures} loading="Cargando cifras…">
        {(data) => <FigureSections data={data} filter={applied} />}
      </ListView>
    </>
  );
}
