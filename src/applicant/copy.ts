import type { SendProgressCopy } from '@/forms/kit/SendProgress';
import type { UploadCopy } from '@/forms/kit/uploadMessage';

/** The upload field's words on the portal (the application forms keep theirs in English). */
export const SPANISH_UPLOAD_COPY: UploadCopy = {
  prompt: 'Elige un archivo o arrástralo aquí (uno solo, hasta 4 MB).',
  dropHere: 'Suelta el archivo aquí',
  remove: 'Quitar',
  uploaded: 'Archivo listo para enviar.',
  tooMany: 'Elige un solo archivo.',
};

const comma = (megabytes: string) => megabytes.replace('.', ',');

/** The progress bar's words on the portal. */
export const SPANISH_SEND_PROGRESS_COPY: SendProgressCopy = {
  cancel: 'Cancelar el envío',
  cancelled: 'Cancelaste el envío. No se envió nada y tu respuesta sigue aquí: envíala de nuevo cuando quieras.',
  starting: 'Comenzando el envío…',
  sent: (sent, total, percent) => `Enviados ${comma(sent)} de ${comma(total)} MB (${percent} %)`,
  quarter: (percent) => `${percent} % enviado`,
};
