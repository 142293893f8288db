import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { PublicPayment, PublishedGrant, PublishedGrantList } from '@/api/contracts/openBooks';
import { Banner } from '@/components/Banner';
import { useHydrated } from '@/forms/kit/useHydrated';
import { SiteContainer } from '@/components/shell/SiteContainer';
import { formatDay, showAmount } from '@/lib/grantText';
import { formatAmount } from '@/lib/money';
import {
  FILTER_PARAMS,
  NO_FILTER,
  barPercent,
  currenciesOf,
  fetchPublishedGrants,
  filterChoices,
  filterFromSearch,
  filterGrants,
  programmeAndRound,
  searchFromFilter,
  totalsByProgramme,
  totalsByQuarter,
  type OpenBooksFilter,
  type TotalsRow,
} from '@/lib/openBooks';
import { countOf } from '@/lib/plural';
import styles from './OpenBooksPage.module.css';

export const OPEN_BOOKS_TITLE = 'Becas otorgadas';
export const OPEN_BOOKS_LEAD =
  'Los proyectos que financiamos, cuánto recibieron y cómo avanzan. Cada equipo decide qué se publica: solo mostramos lo que aceptó mostrar.';
export const EMPTY_SENTENCE = 'Todavía no hay becas publicadas. Cuando un equipo con una beca aprobada acepte publicar su proyecto, aparecerá aquí.';
export const NO_MATCH_SENTENCE = 'Ninguna beca publicada coincide con estos filtros.';

const GRANTS = { one: 'beca publicada', other: 'becas publicadas' };

/** "Datos al 29 de noviembre de 2026": the day the list was read, in UTC like the grants' days. */
export const asOfSentence = (generatedAt: string): string => `Datos al ${formatDay(generatedAt.slice(0, 10), 'long')}`;

/** "0x1234ab…9f3c": a hash short enough for a phone; the full one is in the link's title and the explorer. */
const shortHash = (hash: string): string => (hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-4)}` : hash);

function Payment({ payment }: { payment: PublicPayment }) {
  const amount = payment.amount !== null && payment.currency !== null ? showAmount(payment.amount, payment.currency) : null;
  const day = <time dateTime={payment.paidOn}>{formatDay(payment.paidOn, 'long')}</time>;
  if (payment.kind === 'bank_transfer') {
    return (
      <li>
        Transferencia bancaria · {day}
        {amount ? <> · {amount}</> : null}
      </li>
    );
  }
  const hash = payment.txHash;
  return (
    <li>
      {payment.network ?? 'En la blockchain'} · {day}
      {amount ? <> · {amount}</> : null}
      {hash ? (
        <>
          {' · '}
          {payment.explorerUrl ? (
            <a className={styles.transaction} href={payment.explorerUrl} title={hash} rel="noopener noreferrer">
              Transacción <code className={styles.hash}>{shortHash(hash)}</code>
            </a>
          ) : (
            <span className={styles.transaction} title={hash}>
              Transacción <code className={styles.hash}>{shortHash(hash)}</code>
            </span>
          )}
        </>
      ) : null}
    </li>
  );
}

function GrantCard({ grant }: { grant: PublishedGrant }) {
  const headingId = useId();
  return (
    <li>
      <article className={styles.grant} aria-labelledby={headingId}>
        <h3 id={headingId} className={styles.project}>
          {grant.projectName}
        </h3>
        <p className={styles.meta}>
          {programmeAndRound(grant)} · Aprobada el <time dateTime={grant.approvedOn}>{formatDay(grant.approvedOn, 'long')}</time>
        </p>
        {grant.description ? <p className={styles.description}>{grant.description}</p> : null}
        {grant.amount || grant.milestones ? (
          <dl className={styles.facts}>
            {grant.amount ? (
              <>
                <dt>Monto aprobado</dt>
                <dd>{showAmount(grant.amount.amount, grant.amount.currency)}</dd>
                <dt>Pagado</dt>
                <dd>{showAmount(grant.amount.paid, grant.amount.currency)}</dd>
              </>
            ) : null}
            {grant.milestones ? (
              <>
                <dt>Hitos cumplidos</dt>
                <dd>
                  {grant.milestones.done} de {grant.milestones.total}
                </dd>
              </>
            ) : null}
          </dl>
        ) : null}
        {grant.milestones && grant.milestones.items.length > 0 ? (
          <details className={styles.details}>
            <summary>Ver los hitos</summary>
            <ol className={styles.milestones}>
              {grant.milestones.items.map((milestone, index) => (
                <li key={`${index}-${milestone.title}`}>
                  {milestone.title} · <span className={styles.state}>{milestone.stateLabel}</span>
                </li>
              ))}
            </ol>
          </details>
        ) : null}
        {grant.payments.length > 0 ? (
          <>
            <h4 className={styles.paymentsTitle}>Pagos</h4>
            <ul className={styles.payments} aria-label={`Pagos de ${grant.projectName}`}>
              {grant.payments.map((payment, index) => (
                <Payment key={`${payment.paidOn}-${index}`} payment={payment} />
              ))}
            </ul>
          </>
        ) : null}
      </article>
    </li>
  );
}

/** One chart: a table whose figures are text, each with a bar drawn beside it (hidden from screen readers, which read the figures). */
function TotalsChart({ caption, groupLabel, rows, currency }: { caption: string; groupLabel: string; rows: readonly TotalsRow[]; currency: ReturnType<typeof currenciesOf>[number] }) {
  const lines = rows.flatMap((row) => {
    const total = row.totals.find((candidate) => candidate.currency === currency);
    return total ? [{ key: row.key, label: row.label, total }] : [];
  });
  if (lines.length === 0) return null;
  const largest = lines.reduce((max, line) => (line.total.committed > max ? line.total.committed : max), 0n);
  return (
    <table className={styles.chart}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{groupLabel}</th>
          <th scope="col">Comprometido</th>
          <th scope="col">Pagado</th>
        </tr>
      </thead>
      <tbody>
        {lines.map(({ key, label, total }) => (
          <tr key={key}>
            <th scope="row">{label}</th>
            {(['committed', 'paid'] as const).map((part) => (
              <td key={part}>
                <span className={styles.figure}>{formatAmount(total[part], currency)}</span>
                <span aria-hidden="true" className={styles.track}>
                  <span className={part === 'committed' ? styles.barCommitted : styles.barPaid} style={{ width: `${barPercent(total[part], largest)}%` }} />
                </span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Totals({ grants }: { grants: readonly PublishedGrant[] }) {
  const byProgramme = totalsByProgramme(grants);
  const byQuarter = totalsByQuarter(grants);
  const currencies = currenciesOf(byProgramme);
  const private_ = grants.filter((grant) => grant.amount === null).length;
  return (
    <section className={styles.totals} aria-labelledby="totales">
      <h2 id="totales" className={styles.sectionTitle}>
        Totales
      </h2>
      <p className={styles.note}>
        Lo comprometido es el monto aprobado de cada beca; lo pagado, lo que ya recibió. Cada moneda se suma aparte.
        {private_ > 0 ? ` ${countOf(private_, { one: 'beca no muestra su monto y no se suma', other: 'becas no muestran su monto y no se suman' })}.` : ''}
      </p>
      {currencies.length === 0 ? <p>Ninguna de estas becas muestra su monto.</p> : null}
      {currencies.map((currency) => (
        <div key={currency} className={styles.currency}>
          <h3 className={styles.currencyTitle}>En {currency}</h3>
          <TotalsChart caption={`Por programa, en ${currency}`} groupLabel="Programa" rows={byProgramme} currency={currency} />
          <TotalsChart caption={`Por trimestre de aprobación, en ${currency}`} groupLabel="Trimestre" rows={byQuarter} currency={currency} />
        </div>
      ))}
    </section>
  );
}

function Filters({ grants, filter, onChange }: { grants: readonly PublishedGrant[]; filter: OpenBooksFilter; onChange: (filter: OpenBooksFilter) => void }) {
  const choices = useMemo(() => filterChoices(grants, filter.programme), [grants, filter.programme]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onChange({ programme: String(data.get(FILTER_PARAMS.programme) ?? ''), round: String(data.get(FILTER_PARAMS.round) ?? ''), year: String(data.get(FILTER_PARAMS.year) ?? '') });
  };
  const select = (key: keyof OpenBooksFilter, label: string, all: string, options: ReadonlyArray<{ value: string; label: string }>) => (
    <div className={styles.filter}>
      <label htmlFor={`filtro-${FILTER_PARAMS[key]}`}>{label}</label>
      <select
        id={`filtro-${FILTER_PARAMS[key]}`}
        name={FILTER_PARAMS[key]}
        className={styles.select}
        value={filter[key]}
        onChange={(event) => onChange({ ...filter, [key]: event.target.value, ...(key === 'programme' ? { round: '' } : {}) })}
      >
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {filter[key] !== '' && !options.some((option) => option.value === filter[key]) ? <option value={filter[key]}>{filter[key]}</option> : null}
      </select>
    </div>
  );
  return (
    <form className={styles.filters} method="get" aria-label="Filtrar las becas" onSubmit={submit}>
      {select('programme', 'Programa', 'Todos los programas', choices.programmes)}
      {select('round', 'Ronda', 'Todas las rondas', choices.rounds)}
      {select('year', 'Año', 'Todos los años', choices.years)}
      <button type="submit" className={styles.apply}>
        Filtrar
      </button>
    </form>
  );
}

/**
 * /becas-otorgadas/: the published grants, filters by programme, round and year, and the totals
 * committed and paid per programme and quarter. The page is built with a snapshot of the list and
 * shows it with its date (all there is with scripts off); once running it reads the server's current
 * list (GET /api/open-books/grants) and the filters in the address, and filters in the browser.
 */
export function OpenBooksPage({ snapshot }: { snapshot: PublishedGrantList }) {
  const [list, setList] = useState(snapshot);
  // The address's filters apply once hydrated (the HTML shows every grant); a choice made here replaces them.
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<OpenBooksFilter | null>(null);
  const filter = chosen ?? (hydrated ? filterFromSearch(window.location.search) : NO_FILTER);

  useEffect(() => {
    let current = true;
    void fetchPublishedGrants().then((live) => {
      if (live && current) setList(live);
    });
    return () => {
      current = false;
    };
  }, []);

  const change = (next: OpenBooksFilter) => {
    setChosen(next);
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${searchFromFilter(next)}`);
  };

  const shown = useMemo(() => filterGrants(list.grants, filter), [list.grants, filter]);
  const filtered = shown.length !== list.grants.length;
  return (
    <>
      <Banner title={OPEN_BOOKS_TITLE} lead={OPEN_BOOKS_LEAD}>
        <p className={styles.asOf}>
          <time dateTime={list.generatedAt}>{asOfSentence(list.generatedAt)}</time>
        </p>
      </Banner>
      <SiteContainer className={styles.body}>
        {list.grants.length === 0 ? (
          <p className={styles.empty}>{EMPTY_SENTENCE}</p>
        ) : (
          <>
            <Filters grants={list.grants} filter={filter} onChange={change} />
            <p className={styles.count} role="status">
              {shown.length === 0 ? NO_MATCH_SENTENCE : filtered ? `${shown.length} de ${countOf(list.grants.length, GRANTS)}` : countOf(shown.length, GRANTS)}
            </p>
            <section aria-labelledby="proyectos">
              <h2 id="proyectos" className={styles.sectionTitle}>
                Proyectos
              </h2>
              <ul className={styles.list}>
                {shown.map((grant) => (
                  <GrantCard key={grant.id} grant={grant} />
                ))}
              </ul>
            </section>
            {shown.length > 0 ? <Totals grants={shown} /> : null}
          </>
        )}
      </SiteContainer>
    </>
  );
}
