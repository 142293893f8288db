import { programmes, type ProgrammeKey } from '@/config/programmes';
import type { TeamRole } from './api';

const roleLabels: Record<TeamRole, string> = { admin: 'administración', reviewer: 'revisión', finance: 'finanzas' };

export function formatRole(role: TeamRole): string {
  return roleLabels[role];
}

export const roleOptions: ReadonlyArray<{ value: TeamRole; label: string }> = [
  { value: 'reviewer', label: 'Revisión: lee solicitudes y archivos' },
  { value: 'finance', label: 'Finanzas: además ve los datos de pago' },
  { value: 'admin', label: 'Administración: todo, miembros y auditoría' },
];

const allProgrammes: readonly ProgrammeKey[] = ['project-grants', 'small-grants', 'academic-grants', 'devcon-grants', 'office-hours', 'grantee-finance'];

/** The inbox tabs a role sees: grantee finance holds payment details, which reviewers never see. */
export function inboxProgrammes(role: TeamRole): readonly ProgrammeKey[] {
  return role === 'reviewer' ? allProgrammes.filter((key) => key !== 'grantee-finance') : allProgrammes;
}

export function programmeName(key: ProgrammeKey): string {
  return programmes[key]?.name ?? key;
}

/** What each audit action means, in the words of the log's readers. */
const auditActionLabels: Record<string, string> = {
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
};

export function auditActionLabel(action: string): string {
  return auditActionLabels[action] ?? action;
}
