import { TeamApiError } from './api';

/**
 * What a failed passkey ceremony tells the member. The browser's WebAuthn errors (the member
 * cancelled, timed out, or has no passkey for this site) arrive as DOMExceptions, named; the
 * server's refusals as TeamApiError with their status.
 */
export function passkeyFailureMessage(error: unknown, ceremony: 'sign-in' | 'enrol' | 'add'): string {
  if (error instanceof TeamApiError) {
    if (error.status === 429) return 'Hubo demasiados intentos seguidos. Espera unos minutos e inténtalo de nuevo.';
    if (ceremony === 'enrol' && (error.status === 400 || error.status === 404 || error.status === 410)) {
      return 'Este enlace de inscripción ya se usó, expiró o no es válido. Pide uno nuevo a una persona administradora del equipo.';
    }
    if (ceremony === 'sign-in' && (error.status === 400 || error.status === 401 || error.status === 403)) {
      return 'No pudimos verificar tu llave de acceso. Puede que no esté registrada en este sitio o que tu acceso haya sido revocado.';
    }
    if (error.status === 401) return 'Tu sesión terminó. Vuelve a ingresar para agregar una llave de acceso.';
    return 'El servidor no pudo completar la operación. Inténtalo de nuevo en unos minutos.';
  }
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'Se canceló la operación o se agotó el tiempo. Puedes intentarlo de nuevo.';
  if (name === 'InvalidStateError') return 'Este dispositivo ya tiene una llave de acceso registrada para tu cuenta.';
  if (name === 'SecurityError') return 'El navegador rechazó la llave de acceso para esta dirección. Abre el sitio con su dirección oficial.';
  return 'No pudimos usar una llave de acceso en este navegador. Prueba con otro navegador o dispositivo.';
}
