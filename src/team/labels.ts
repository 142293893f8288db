import { isReviewedProgramme, programmes, type ProgrammeKey } from '@/config/programmes';
import type { AuditAction } from '@/lib/team';
import type { TeamRole } from './api';

export const roleOptions: ReadonlyArray<{ value: TeamRole; label: string }> = [
  // What each role may do, as the server allows it (src/server/team/routes): only administración decides.
  { value: 'reviewer', label: 'Revisión: lee las solicitudes, puntúa las que tiene asignadas y recomienda; la decisión es de administración' },
  { value: 'finance', label: 'Finanzas: lee las solicitudes y sus datos de pago, y registra los pagos' },
  { value: 'admin', label: 'Administración: lo mismo que revisión, y además decide, asigna revisores, abre y cierra las convocatorias, crea las becas, emite el ID de seguridad (Security Grantee ID) y gestiona miembros y auditoría' },
];

const allProgrammes: readonly ProgrammeKey[] = ['project-grants', 'small-grants', 'academic-grants', 'devcon-grants', 'office-hours', 'grantee-finance'];

/** The inbox tabs a role sees: payment details are read by the finance role only. */
export function inboxProgrammes(role: TeamRole): readonly ProgrammeKey[] {
  return role === 'finance' ? allProgrammes : allProgrammes.filter(isReviewedProgramme);
}

/** Who moves applications along (status, assignment, notes, decision emails); finance only reads. */
export const canReview = (role: TeamRole): boolean => role === 'reviewer' || role === 'admin';

export function programmeName(key: ProgrammeKey): string {
  return programmes[key]?.name ?? key;
}

/** What each audit action means, in the words of the log's readers. */
const auditActionLabels: Record<AuditAction, string> = {
  'sign-in': 'Ingresó',
  'sign-out': 'Cerró sesión',
  enrol: 'Se inscribió',
  'add-passkey': 'Agregó una llave de acceso',
  'view-application': 'Vio una solicitud',
  'view-payment-details': 'Vio datos de pago',
  'download-file': 'Descargó un archivo',
  export: 'Exportó un CSV',
  invite: 'Invitó a un miembro',
  revoke: 'Revocó a un miembro',
  'end-sessions': 'Cerró las sesiones de un miembro',
  'payment-details-unreadable': 'No pudo descifrar datos de pago',
  'change-status': 'Cambió el estado de una solicitud',
  assign: 'Asignó una solicitud',
  'add-note': 'Agregó una nota interna',
  'send-decision-email': 'Envió un correo de decisión',
  'issue-grantee-id': 'Emitió un ID de seguridad (Security Grantee ID)',
  'reissue-grantee-id': 'Volvió a emitir un ID de seguridad (Security Grantee ID)',
  'assign-reviewers': 'Asignó revisores',
  'declare-interest': 'Declaró si tiene un conflicto de interés',
  'submit-scores': 'Envió sus puntajes',
  'change-scores': 'Cambió sus puntajes',
  'confirm-scores': 'Confirmó sus puntajes sobre una versión nueva',
  decide: 'Decidió una solicitud',
  'data-rights-find': 'Buscó los datos de una persona',
  'data-rights-export': 'Exportó los datos de una persona',
  'erase-personal-data': 'Eliminó los datos de una persona',
  'retention-erase': 'Eliminó una solicitud al vencer su plazo de conservación',
  'request-information': 'Pidió información a la persona solicitante',
  'download-response-file': 'Descargó el archivo de una respuesta',
  'applicant-sign-in': 'Ingresó a Mi solicitud',
  'applicant-sign-out': 'Cerró sesión en Mi solicitud',
  'applicant-view': 'Vio su solicitud',
  'applicant-respond': 'Respondió a una pregunta del equipo',
  'applicant-revise': 'Corrigió su solicitud (versión nueva)',
  'applicant-withdraw': 'Retiró su solicitud',
  'applicant-rate': 'Valoró el proceso',
  'applicant-export': 'Descargó sus datos',
  'applicant-erasure-request': 'Pidió borrar sus datos',
  'create-grant': 'Creó una beca',
  'define-milestones': 'Definió los hitos de una beca',
  'cancel-grant': 'Canceló una beca',
  'complete-grant': 'Completó una beca',
  'review-report': 'Revisó un informe de avance',
  'download-report-file': 'Descargó el archivo de un informe de avance',
  'applicant-report': 'Envió un informe de avance',
  'applicant-publish-grant': 'Publicó su beca en Becas otorgadas',
  'applicant-change-publication': 'Cambió qué publica de su beca',
  'applicant-unpublish-grant': 'Retiró su beca de Becas otorgadas',
  'record-payment': 'Registró un pago',
  'view-payment-destination': 'Vio el destino de un pago',
  'create-round': 'Creó una convocatoria',
  'edit-round': 'Editó una convocatoria',
  'extend-round': 'Extendió una convocatoria',
  'close-round': 'Cerró una convocatoria',
};

export function auditActionLabel(action: string): string {
  return auditActionLabels[action as AuditAction] ?? action;
}
