import { useCallback, useRef, useState } from 'react';
import type { SendOptions, SendProgress as Progress } from '@/api/client';
import { Button } from '@/components/Button';
import styles from './SendProgress.module.css';

export const CANCEL_LABEL = 'Cancel upload';
export const CANCELLED_MESSAGE = 'Upload cancelled. Nothing was sent and your answers are still here: send the form again when you are ready.';

/** The bar's words: English on the application forms (the default), Spanish on the applicant portal. */
export type SendProgressCopy = {
  readonly cancel: string;
  readonly cancelled: string;
  readonly starting: string;
  readonly sent: (sentMegabytes: string, totalMegabytes: string, percent: number) => string;
  readonly quarter: (percent: number) => string;
};

export const ENGLISH_SEND_PROGRESS_COPY: SendProgressCopy = {
  cancel: CANCEL_LABEL,
  cancelled: CANCELLED_MESSAGE,
  starting: 'Starting to send…',
  sent: (sent, total, percent) => `Sent ${sent} of ${total} MB (${percent}%)`,
  quarter: (percent) => `${percent}% sent`,
};

/** The share sent in whole quarters (0, 25, 50, 75, 100): what is announced, so a screen reader is not told every percent. */
function quarterSent({ sent, total }: Progress): number {
  return total > 0 ? Math.floor((sent / total) * 4) * 25 : 0;
}

function megabytes(bytes: number): string {
  return (bytes / 1_048_576).toFixed(1);
}

/**
 * A send that shows how far it has got and that the applicant can cancel: `run` hands the send
 * the progress callback and abort signal of src/api/client.ts (SendOptions); `cancel` aborts it.
 * Any form that uploads (an application, a file answer of the applicant portal) uses it with
 * SendProgressBar.
 */
export function useCancellableSend() {
  const [progress, setProgress] = useState<Progress | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const run = useCallback(async <T,>(send: (options: SendOptions) => Promise<T>): Promise<T> => {
    const current = new AbortController();
    controller.current = current;
    setCancelled(false);
    setProgress({ sent: 0, total: 0 });
    try {
      return await send({ signal: current.signal, onProgress: setProgress });
    } finally {
      if (controller.current === current) controller.current = null;
      setProgress(null);
    }
  }, []);
  const cancel = useCallback(() => {
    if (!controller.current) return;
    controller.current.abort();
    setCancelled(true);
  }, []);
  return { progress, cancelled, run, cancel };
}

/**
 * While a send is in flight: the share sent as a progress bar, announced politely at each quarter,
 * and a button that cancels it. After a cancel: a message that says nothing was lost.
 */
export function SendProgressBar({
  id,
  progress,
  cancelled,
  onCancel,
  copy = ENGLISH_SEND_PROGRESS_COPY,
}: {
  id: string;
  progress: Progress | null;
  cancelled: boolean;
  onCancel: () => void;
  copy?: SendProgressCopy;
}) {
  if (!progress) {
    return cancelled ? (
      <p role="status" className={styles.cancelled}>
        {copy.cancelled}
      </p>
    ) : null;
  }
  const percent = progress.total > 0 ? Math.round((progress.sent / progress.total) * 100) : 0;
  const labelId = `${id}-label`;
  return (
    <div className={styles.progress}>
      <p id={labelId} className={styles.label}>
        {progress.total > 0 ? copy.sent(megabytes(progress.sent), megabytes(progress.total), percent) : copy.starting}
      </p>
      <progress id={id} aria-labelledby={labelId} max={100} value={percent} className={styles.bar} />
      <p role="status" className="sr-only">
        {progress.total > 0 ? copy.quarter(quarterSent(progress)) : ''}
      </p>
      <Button type="button" variant="outline" size="small" onClick={onCancel}>
        {copy.cancel}
      </Button>
    </div>
  );
}
