import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { saveDownload } from '@/lib/download';
import { countOf } from '@/lib/plural';
import { ERASED_GRANTEE } from '@/lib/payments';
import { TeamApiError } from './api';
import { ownWords, useTeamAction, type ActionOutcome } from './useTeamData';
import { ActionNotice } from './Notice';
import { useFocusNext } from './useFocusNext';
import styles from './team.module.css';
import { DataTable, type Column } from './kit/DataTable';

/**
 * An applicant's data-rights request (admin): find everything held for an address, download it
 * as one zip (datos.json and the files), or erase it for good, leaving only a tombstone with
 * counts in the audit log. The address goes in POST bodies only, never in a URL.
 * (The requests live here, not in api.ts, to keep this page apart from the review pages' client.)
 */

type Counts = Record<string, number>;
type Found = { email: string; counts: Counts; references: string[]; search: number };

/** What each count is, in the order the page lists them. */
const KIND_LABELS: ReadonlyArray<[string, string]> = [
  ['submissions', 'Solicitudes'],
  ['files', 'Archivos subidos'],
  ['statusHistory', 'Cambios de estado'],
  ['notes', 'Notas internas'],
  ['decisionEmails', 'Correos de decisión'],
  ['grantees', 'ID de seguridad (Security Grantee ID)'],
  ['financeVersions', 'Versiones de datos de pago'],
  ['newsletter', 'Suscripciones al boletín'],
  ['emails', 'Correos en la cola de envío'],
  ['webhooks', 'Envíos de webhooks'],
  ['auditMentions', 'Menciones en el registro de auditoría (se conservan: el registro no se puede borrar)'],
];

type KindRow = { kind: string; label: string; count: number };

const KIND_COLUMNS: ReadonlyArray<Column<KindRow>> = [
  { key: 'kind', header: 'Tipo', cell: (row) => row.label },
  { key: 'count', header: 'Cantidad', cell: (row) => row.count },
];

const RECORDS = { one: 'registro', other: 'registros' } as const;

const PATHS = { find: '/api/team/data-rights/find', export: '/api/team/data-rights/export', erase: '/api/team/data-rights/erase' } as const;

async function post(path: string, body: unknown): Promise<Response> {
  const response = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (response.ok) return response;
  const answer: unknown = await response.json().catch(() => null);
  const message = answer && typeof answer === 'object' && typeof (answer as { error?: unknown }).error === 'string' ? (answer as { error: string }).error : '';
  throw new TeamApiError(response.status, message);
}

function failureText(error: unknown): string {
  if (error instanceof TeamApiError) {
    if (error.status === 403) return 'Solo quien administra el equipo puede atender estas solicitudes.';
    if (error.message) return error.message;
  }
  return 'No pudimos completar la acción. Inténtalo de nuevo.';
}

/** How many records the counts add up to: the audit log's mentions stay, so they are not counted. */
function recordTotal(counts: Counts): number {
  return Object.entries(counts).reduce((sum, [kind, n]) => (kind === 'auditMentions' ? sum : sum + n), 0);
}

type Act = (work: () => Promise<ActionOutcome | null>) => Promise<void>;

/** What is held for the address, by kind, with the download and the erasure (typed again to confirm). */
function FoundData({ found, act, busy, onErased, headingRef }: { found: Found; act: Act; busy: boolean; onErased: () => void; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const [confirm, setConfirm] = useState('');
  const total = recordTotal(found.counts);

  const download = () =>
    void act(async () => {
      await saveDownload(await post(PATHS.export, { email: found.email }), 'datos-personales.zip');
      return {
        tone: 'success',
        text: 'Descargamos la exportación: un .zip con datos.json y los archivos. Los datos de pago van sellados; para incluirlos descifrados, usa npm run data-rights -- export en el servidor. Entrégala por un canal seguro y bórrala después.',
      };
    });

  const erase = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      const answer = (await (await post(PATHS.erase, { email: found.email, confirm })).json()) as { counts: Counts };
      onErased();
      return { tone: 'success', text: `Borramos ${countOf(recordTotal(answer.counts), RECORDS)}. El registro de auditoría guarda solo cuántos, sin el correo.` };
    });
  };

  return (
    <section className={styles.stack} aria-labelledby="datos-encontrados">
      <h2 id="datos-encontrados" ref={headingRef} tabIndex={-1} className={styles.subtitle}>
        Lo que guardamos de {found.email}
      </h2>
      <DataTable caption={total === 0 ? 'No guardamos nada de este correo.' : countOf(total, RECORDS)} columns={KIND_COLUMNS} rows={KIND_LABELS.map(([kind, label]) => ({ kind, label, count: found.counts[kind] ?? 0 }))} rowKey={(row) => row.kind} />
      {found.references.length > 0 ? <p>Referencias: {found.references.join(', ')}</p> : null}
      {total > 0 ? (
        <>
          <div>
            <button type="button" className={styles.secondaryButton} onClick={download} disabled={busy}>
              Descargar todo (.zip)
            </button>
          </div>
          <form onSubmit={erase} className={styles.stack} aria-labelledby="borrar-datos">
            <h3 id="borrar-datos" className={styles.subtitle}>
              Borrar para siempre
            </h3>
            <p>
              Se borran las solicitudes (con su beca, hitos e informes), archivos, datos de pago, boletín y correos en cola de este correo. Los pagos de una beca se
              conservan, sin datos personales, porque la ley lo exige: en Pagos figuran como «{ERASED_GRANTEE}». No se puede deshacer: descarga la exportación
              antes si la necesitas.
            </p>
            <div className={styles.field}>
              <label className={styles.label} htmlFor="data-rights-confirm">
                Escribe de nuevo el correo para confirmar
              </label>
              <input id="data-rights-confirm" type="email" required autoComplete="off" className={styles.input} value={confirm} onChange={(event) => setConfirm(event.target.value)} />
            </div>
            <div>
              <button type="submit" className={styles.dangerButton} disabled={busy || confirm.trim().toLowerCase() !== found.email.toLowerCase()}>
                Borrar {countOf(total, RECORDS)}
              </button>
            </div>
          </form>
        </>
      ) : null}
    </section>
  );
}

export function DataRights() {
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const { busy, outcome, run } = useTeamAction();
  const act: Act = (work) => run(work, ownWords(failureText));
  const focusNext = useFocusNext();
  const foundRef = useRef<HTMLHeadingElement>(null);

  const search = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      const answer = (await (await post(PATHS.find, { email })).json()) as Omit<Found, 'email' | 'search'>;
      // Each search starts the confirmation afresh (FoundData is keyed by it).
      setFound((previous) => ({ email: email.trim(), ...answer, search: (previous?.search ?? 0) + 1 }));
      // The search button stays, but what was found is the outcome: the reader lands on its heading.
      focusNext(foundRef);
      return null;
    });
  };

  const erased = () => {
    setFound(null);
    setEmail('');
  };

  return (
    <div className={styles.stack}>
      <ActionNotice outcome={outcome} />
      <form onSubmit={search} className={styles.stack} aria-labelledby="buscar-datos">
        <h2 id="buscar-datos" className={styles.subtitle}>
          Buscar por correo
        </h2>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="data-rights-email">
            Correo electrónico de quien lo pide
          </label>
          <input id="data-rights-email" type="email" required autoComplete="off" className={styles.input} value={email} onChange={(event) => setEmail(event.target.value)} />
        </div>
        <div>
          <button type="submit" className={styles.button} disabled={busy}>
            Buscar
          </button>
        </div>
      </form>
      {found ? <FoundData key={found.search} found={found} act={act} busy={busy} onErased={erased} headingRef={foundRef} /> : null}
    </div>
  );
}
