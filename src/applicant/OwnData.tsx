import { useEffect, useRef, useState } from 'react';
import { ApplicantApiError, applicantApi } from '@/api/applicant';
import { Button } from '@/components/Button';
import { ConfirmButtons } from './ConfirmButtons';
import { ActionNotice } from './Notice';
import { applicantFailure } from './useApplicantData';
import styles from './applicant.module.css';

type Outcome = { tone: 'success' | 'error'; text: string };

const failureOf = (error: unknown) => ({ tone: 'error' as const, text: error instanceof ApplicantApiError ? applicantFailure(error.status, error.message) : applicantFailure(null) });

/**
 * The applicant's own data: a download of what they gave and what the team told them, a grant's milestones,
 * reports and payments included (payment details only as "received, and when"), and a request to erase it,
 * confirmed first (a grant's payment records are kept without the person: src/server/dataRights/erase.ts). The erasure itself is the
 * team's to carry out, within the legal deadline; the page says so.
 */
export function OwnData() {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
  }, [confirming]);

  async function act(work: () => Promise<Outcome | null>) {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await work());
    } catch (error) {
      setOutcome(failureOf(error));
    } finally {
      setBusy(false);
    }
  }

  const download = () =>
    act(async () => {
      await applicantApi.downloadData();
      return null;
    });

  const requestErasure = () =>
    act(async () => {
      const answer = await applicantApi.requestErasure();
      setConfirming(false);
      return { tone: 'success', text: answer.message };
    });

  return (
    <section className={`${styles.panel} ${styles.noPrint}`} aria-labelledby="tus-datos">
      <h2 id="tus-datos">Tus datos</h2>
      <p>
        Descarga una copia de tus solicitudes, respuestas y mensajes y, si tienes una beca, de sus hitos, informes y pagos (un archivo que puedes abrir
        con cualquier editor de texto). De los datos de pago solo figura que los recibimos y cuándo.
      </p>
      <div className={styles.actions}>
        <Button type="button" variant="outline" disabled={busy} onClick={download}>
          Descargar mis datos
        </Button>
        {confirming ? null : (
          <Button type="button" variant="outline" disabled={busy} onClick={() => setConfirming(true)}>
            Pedir el borrado de mis datos
          </Button>
        )}
      </div>
      {confirming ? (
        <div role="group" aria-labelledby="confirmar-borrado" className={styles.form}>
          <h3 id="confirmar-borrado" ref={confirmHeading} tabIndex={-1} className={styles.subTitle}>
            ¿Quieres que borremos tus datos?
          </h3>
          <p>
            Una persona del equipo atenderá tu pedido en un plazo de 15 días y borrará tus solicitudes, archivos y respuestas y, si tienes una beca, también
            sus hitos e informes. Si tienes una beca, conservamos el registro de los pagos, sin tus datos personales, porque la ley lo exige. Después no
            podrás ver tus solicitudes aquí ni descargar una copia: si la quieres, descárgala antes.
          </p>
          <ConfirmButtons label="Sí, pedir el borrado" onConfirm={requestErasure} backLabel="No, volver" onBack={() => setConfirming(false)} busy={busy} />
        </div>
      ) : null}
      <ActionNotice outcome={outcome} />
    </section>
  );
}
