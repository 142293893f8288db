// @vitest-environment node
/**
 * "Qué sigue" on the applicant's page (src/server/applicant/nextStep.ts): chosen from where the
 * grant stands, not from the status alone, and promising only what configuration backs.
 */
import { describe, expect, it } from 'vitest';
import { contact } from '@/config/site';
import { nextStepOf, NO_GRANT_PROGRESS, type GrantProgress } from '@/server/applicant/nextStep';

const progress = (changes: Partial<GrantProgress>): GrantProgress => ({ ...NO_GRANT_PROGRESS, ...changes });
const active = (milestones: number, milestonesAccepted: number) => ({ state: 'active' as const, milestones, milestonesAccepted });

describe('what comes next for an approved grant application', () => {
  it.each<[string, GrantProgress, string]>([
    ['no ID issued yet', progress({}), 'El equipo te escribirá con tu ID de seguridad (Security Grantee ID)'],
    ['ID issued, no payment details', progress({ granteeIdIssued: true }), 'Ya te enviamos por correo tu ID de seguridad (Security Grantee ID): úsalo para enviarnos tus datos de pago'],
    ['payment details in, no grant', progress({ granteeIdIssued: true, paymentDetailsReceived: true }), 'El equipo registrará tu beca y sus hitos'],
    ['grant without milestones', progress({ granteeIdIssued: true, paymentDetailsReceived: true, grant: active(0, 0) }), 'El equipo definirá los hitos de tu beca y te avisará por correo'],
    ['milestones to report', progress({ granteeIdIssued: true, paymentDetailsReceived: true, grant: active(3, 1) }), 'Envía el informe de avance de cada hito en esta página, antes de su fecha límite.'],
    ['every milestone accepted', progress({ granteeIdIssued: true, paymentDetailsReceived: true, grant: active(2, 2) }), 'El equipo aceptó todos tus hitos'],
    ['grant completed', progress({ granteeIdIssued: true, paymentDetailsReceived: true, grant: { state: 'completed', milestones: 2, milestonesAccepted: 2 } }), 'Tu beca está completa: no tienes nada pendiente.'],
    ['grant cancelled', progress({ grant: { state: 'cancelled', milestones: 1, milestonesAccepted: 0 } }), `El equipo canceló tu beca. Si tienes alguna pregunta, escríbenos a ${contact.general}`],
  ])('%s', (_state, grant, expected) => {
    const text = nextStepOf('project-grants', 'approved', grant)!;
    expect(text).toContain(expected);
    // Only a grantee still waiting for the ID reads that the team will write with it.
    expect(text.includes('te escribirá con tu ID')).toBe(_state === 'no ID issued yet');
  });

  it('names an event sponsorship a patrocinio and a Devcon event’s support an apoyo, in agreement', () => {
    const done = progress({ granteeIdIssued: true, paymentDetailsReceived: true, grant: { state: 'completed', milestones: 1, milestonesAccepted: 1 } });
    expect(nextStepOf('small-grants', 'approved', { ...done, noun: 'patrocinio' })).toBe('Tu patrocinio está completo: no tienes nada pendiente. Gracias por tu trabajo.');
    expect(nextStepOf('devcon-grants', 'approved', { ...progress({ granteeIdIssued: true, paymentDetailsReceived: true }), noun: 'apoyo' })).toContain('registrará tu apoyo');
  });

  it('keeps Office Hours’ own next step (no payout)', () => {
    expect(nextStepOf('office-hours', 'approved', progress({}))).toBe('El equipo te escribirá para coordinar la videollamada.');
  });
});

describe('what comes next before and after a decision', () => {
  it('at Recibida says the confirmation was already sent, not that it comes within days', () => {
    const text = nextStepOf('small-grants', 'received')!;
    expect(text.startsWith('Recibimos tu solicitud y te enviamos la confirmación por correo. El equipo la revisará.')).toBe(true);
    expect(text).not.toMatch(/días hábiles|\d/);
  });

  it('at Rechazada gives the programme’s contact address, from the configuration', () => {
    expect(nextStepOf('academic-grants', 'rejected')).toBe(`Si quieres saber más sobre la decisión, escríbenos a ${contact.academicGrants} indicando tu número de referencia.`);
    expect(nextStepOf('project-grants', 'withdrawn')).toBeNull();
  });
});
