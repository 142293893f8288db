import { useRef, useState, type FormEvent } from 'react';
import { saveDownload } from '@/lib/download';
import { countOf } from '@/lib/plural';
import { ERASED_GRANTEE } from '@/lib/payments';
import { TeamApiError } from './api';
import { goToSignIn } from './navigation';
import { Notice } from './Notice';
import { useFocusNext } from './useFocusNext';
import styles from './team.module.css';
import { ScrollingTable } from './ScrollingTable';

/**
 * An applicant's data-rights request (admin): find everything held for an address, download it
 * as one zip (datos.json and the files), or erase it for good, leaving only a tombstone with
 * counts in the audit log. The address goes in POST bodies only, never in a URL.
 * (The requests live here, not in api.ts, to keep this page apart from the review pages' client.)
 */

type Counts = Record<string, number>;
type Found = { email: string; counts: Counts; references: string[] };

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

export function DataRights() {
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const focusNext = useFocusNext();
  const foundRef = useRef<HTMLHeadingElement>(null);

  async function act(work: () => Promise<void>) {
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      await work();
    } catch (error) {
      if (error instanceof TeamApiError && error.status === 401) goToSignIn();
      else setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  }

  const search = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      const answer = (await (await post(PATHS.find, { email })).json()) as Omit<Found, 'email'>;
      setFound({ email: email.trim(), ...answer });
      setConfirm('');
      // The search button stays, but what was found is the outcome: the reader lands on its heading.
      focusNext(foundRef);
    });
  };

  const download = () =>
    void act(async () => {
      await saveDownload(await post(PATHS.export, { email: found!.email }), 'datos-personales.zip');
      setDone('Descargamos la exportación: un .zip con datos.json y los archivos. Los datos de pago van sellados; para incluirlos descifrados, usa npm run data-rights -- export en el servidor. Entrégala por un canal seguro y bórrala después.');
    });

  const erase = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      const answer = (await (await post(PATHS.erase, { email: found!.email, confirm })).json()) as { counts: Counts };
      const total = Object.entries(answer.counts).reduce((sum, [kind, n]) => (kind === 'auditMentions' ? sum : sum + n), 0);
      setFound(null);
      setEmail('');
      setDone(`Borramos ${countOf(total, RECORDS)}. El registro de auditoría guarda solo cuántos, sin el correo.`);
    });
  };

  const total = found ? Object.entries(found.counts).reduce((sum, [kind, n]) => (kind === 'auditMentions' ? sum : sum + n), 0) : 0;

  return (
    <div className={styles.stack}>
      <p className={styles.lead}>
        Atiende una solicitud de acceso, rectificación o supresión (LGPD, Ley 25.326, LFPDPPP, Ley 1581, RGPD): busca todo lo que guardamos de un correo, descárgalo o bórralo.
        Cada búsqueda, exportación y borrado queda en el registro de auditoría, sin el correo.
      </p>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      {done ? (
        <Notice tone="success" focus>
          {done}
        </Notice>
      ) : null}
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
      {found ? (
        <section className={styles.stack} aria-labelledby="datos-encontrados">
          <h2 id="datos-encontrados" ref={foundRef} tabIndex={-1} className={styles.subtitle}>
            Lo que guardamos de {found.email}
          </h2>
          <ScrollingTable caption={total === 0 ? 'No guardamos nada de este correo.' : countOf(total, RECORDS)}>
            <thead>
              <tr>
                <th scope="col">Tipo</th>
                <th scope="col">Cantidad</th>
              </tr>
            </thead>
            <tbody>
              {KIND_LABELS.map(([kind, label]) => (
                <tr key={kind}>
                  <td>{label}</td>
                  <td>{found.counts[kind] ?? 0}</td>
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
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
      ) : null}
    </div>
  );
}
