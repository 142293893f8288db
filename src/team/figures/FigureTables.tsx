import type { ReactNode } from 'react';
import type { GrantsRow, MoneyRow, RatingRow, ReviewerRow, ReviewRow, WeekRow } from '@/api/contracts/teamFigures';
import { teamRoutes } from '@/lib/team';
import type { Currency } from '@/lib/money';
import { formatDateTime, formatDecimal } from '../format';
import { shownAmount } from '../grant/milestoneRows';
import type { Column } from '../kit/DataTable';
import styles from '../team.module.css';
import { inboxHref, type InboxLink } from './figuresApi';

/** A figure that opens the inbox on the applications behind it; the hidden words say so to a screen reader. */
function ToInbox({ link, children, about }: { link: InboxLink; children: ReactNode; about: string }) {
  return (
    <a href={inboxHref(link)}>
      {children} <span className={styles.visuallyHidden}>({about}: ver en Solicitudes)</span>
    </a>
  );
}

type Grouped = { programmeName: string; round: { id: string; name: string } | null };

const groupColumns = <Row extends Grouped>(): Column<Row>[] => [
  { key: 'programme', header: 'Programa', cell: (row) => row.programmeName },
  { key: 'round', header: 'Convocatoria', cell: (row) => row.round?.name ?? 'Sin convocatoria' },
];

const percent = (share: number | null): string => (share === null ? '—' : `${formatDecimal(share * 100, { min: 0, max: 1 })} %`);
const hours = (value: number | null): string => (value === null ? '—' : `${formatDecimal(value, { min: 0, max: 1 })} h`);
const days = (value: number | null): string => (value === null ? '—' : `${formatDecimal(value, { min: 0, max: 1 })} días`);
/** A decimal string of the server ("1500.00") as the team's screens write amounts ("USD 1.500,00"). */
const money = (amount: string, currency: Currency): string => shownAmount(amount.replace('.', ','), currency);

export const weekColumns: Column<WeekRow>[] = [
  ...groupColumns<WeekRow>(),
  { key: 'week', header: 'Semana', cell: (row) => `${row.week} (desde el ${row.weekStart})`, cellClassName: styles.nowrap },
  {
    key: 'received',
    header: 'Recibidas',
    cell: (row) => (
      <ToInbox link={row.inbox} about={`recibidas la semana ${row.week}`}>
        {row.received}
      </ToInbox>
    ),
  },
];

export const reviewColumns: Column<ReviewRow>[] = [
  ...groupColumns<ReviewRow>(),
  {
    key: 'received',
    header: 'Recibidas',
    cell: (row) => (
      <ToInbox link={row.inbox.received} about="recibidas">
        {row.received}
      </ToInbox>
    ),
  },
  { key: 'decided', header: 'Decididas', cell: (row) => `${row.decided} (${percent(row.decidedShare)})`, cellClassName: styles.nowrap },
  {
    key: 'approved',
    header: 'Aprobadas',
    cell: (row) => (
      <ToInbox link={row.inbox.approved} about="aprobadas">
        {row.approved}
      </ToInbox>
    ),
  },
  {
    key: 'rejected',
    header: 'Rechazadas',
    cell: (row) => (
      <ToInbox link={row.inbox.rejected} about="rechazadas">
        {row.rejected}
      </ToInbox>
    ),
  },
  { key: 'rate', header: 'Tasa de aprobación', cell: (row) => percent(row.approvalRate) },
  { key: 'first', header: 'Primera acción (mediana · p90)', cell: (row) => `${hours(row.firstAction.medianHours)} · ${hours(row.firstAction.p90Hours)}`, cellClassName: styles.nowrap },
  { key: 'decision', header: 'Decisión (mediana · p90)', cell: (row) => `${hours(row.decision.medianHours)} · ${hours(row.decision.p90Hours)}`, cellClassName: styles.nowrap },
  { key: 'ratings', header: 'Valoración', cell: (row) => (row.averageRating === null ? '—' : `${formatDecimal(row.averageRating, { min: 1, max: 2 })} de 5 (${row.ratings})`) },
];

export const moneyColumns: Column<MoneyRow>[] = [
  ...groupColumns<MoneyRow>(),
  {
    key: 'grants',
    header: 'Becas',
    cell: (row) => (
      <ToInbox link={row.inbox} about={`becas en ${row.currency}`}>
        {row.grants}
      </ToInbox>
    ),
  },
  { key: 'approved', header: 'Aprobado', cell: (row) => money(row.approved, row.currency), cellClassName: styles.nowrap },
  { key: 'paid', header: 'Pagado', cell: (row) => money(row.paid, row.currency), cellClassName: styles.nowrap },
  { key: 'outstanding', header: 'Pendiente', cell: (row) => money(row.outstanding, row.currency), cellClassName: styles.nowrap },
];

export const grantsColumns: Column<GrantsRow>[] = [
  ...groupColumns<GrantsRow>(),
  {
    key: 'overdue',
    header: 'Hitos vencidos',
    cell: (row) => (
      <ToInbox link={row.inbox} about="hitos vencidos, entre las aprobadas">
        {row.overdueMilestones}
      </ToInbox>
    ),
  },
  { key: 'overdueGrants', header: 'Becas con hitos vencidos', cell: (row) => row.overdueGrants },
  {
    key: 'reports',
    header: 'Informes por revisar',
    cell: (row) => (
      <ToInbox link={row.inbox} about="informes por revisar, entre las aprobadas">
        {row.reportsWaiting}
      </ToInbox>
    ),
  },
  { key: 'wait', header: 'Espera más larga', cell: (row) => days(row.oldestWaitDays) },
];

export const reviewerColumns: Column<ReviewerRow>[] = [
  { key: 'member', header: 'Persona', cell: (row) => row.member.email },
  ...groupColumns<ReviewerRow>(),
  {
    key: 'assigned',
    header: 'Asignadas',
    cell: (row) => (
      <ToInbox link={row.inbox} about={`asignadas a ${row.member.email}`}>
        {row.assigned}
      </ToInbox>
    ),
  },
  { key: 'scored', header: 'Con puntaje', cell: (row) => row.scored },
  { key: 'waiting', header: 'Por revisar', cell: (row) => row.waiting },
];

export const ratingColumns: Column<RatingRow>[] = [
  { key: 'reference', header: 'Solicitud', cell: (row) => <a href={teamRoutes.application(row.reference)}>{row.reference}</a>, cellClassName: styles.nowrap },
  ...groupColumns<RatingRow>(),
  { key: 'rating', header: 'Valoración', cell: (row) => `${row.rating} de 5` },
  { key: 'comment', header: 'Comentario', cell: (row) => row.comment ?? '—' },
  { key: 'date', header: 'Fecha', cell: (row) => formatDateTime(row.ratedAt) },
];
