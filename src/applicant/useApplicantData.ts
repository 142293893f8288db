import { useCallback, useEffect, useState } from 'react';
import { ApplicantApiError, applicantApi } from '@/api/applicant';
import { useHydrated } from '@/forms/kit/useHydrated';

export type ApplicantData<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'error'; status: number | null; message: string };

/**
 * Loads one portal resource after hydration (the exported page knows nothing of the applicant);
 * `load` is null until the page knows what to ask for, and the answer is kept under `key`.
 * Failures keep their status: 401 means no session (the page offers a new link), 404 a reference
 * that is not theirs. `reload` fetches again in place after a change.
 */
export function useApplicantData<T>(load: (() => Promise<T>) | null, key: string): ApplicantData<T> & { reload: () => Promise<void> } {
  // `load` must be stable (a module function or a useCallback): a new one fetches again.
  const [result, setResult] = useState<{ key: string; data: ApplicantData<T> } | null>(null);
  const fetchNow = useCallback(async (): Promise<ApplicantData<T>> => {
    if (!load) return { state: 'loading' };
    try {
      return { state: 'ready', data: await load() };
    } catch (error) {
      return error instanceof ApplicantApiError ? { state: 'error', status: error.status, message: error.message } : { state: 'error', status: null, message: '' };
    }
  }, [load]);

  useEffect(() => {
    let current = true;
    void fetchNow().then((data) => {
      if (current) setResult({ key, data });
    });
    return () => {
      current = false;
    };
  }, [fetchNow, key]);

  const reload = useCallback(async () => {
    const data = await fetchNow();
    // A failed refresh after a change that succeeded keeps what the page shows.
    if (data.state === 'ready') setResult({ key, data });
  }, [fetchNow, key]);

  const data: ApplicantData<T> = result && result.key === key ? result.data : { state: 'loading' };
  return { ...data, reload };
}

export type ApplicantSessionState = { state: 'loading' } | { state: 'signed-in'; email: string } | { state: 'signed-out' } | { state: 'error'; status: number | null; message: string };

/**
 * Who is signed in, asked once the page has hydrated (the exported page knows no one). The server
 * answers 200 either way, so a signed-out visitor's first visit logs nothing in the console; the
 * page asks for its data only when someone is signed in.
 */
export function useApplicantSession(): ApplicantSessionState {
  const hydrated = useHydrated();
  const session = useApplicantData(hydrated ? applicantApi.session : null, 'session');
  if (session.state !== 'ready') return session;
  return session.data.signedIn ? { state: 'signed-in', email: session.data.email } : { state: 'signed-out' };
}

/** What a failed load or action tells the applicant, by status, when the server sent no message of its own. */
export function applicantFailure(status: number | null, message = ''): string {
  if (message) return message;
  if (status === 401) return 'Tu sesión terminó. Pide un enlace nuevo para volver a entrar.';
  if (status === 404) return 'No encontramos esa solicitud entre las tuyas. Revisa el enlace o vuelve a la lista.';
  if (status === 429) return 'Hiciste demasiados intentos seguidos. Espera unos minutos e inténtalo de nuevo.';
  return 'No pudimos completar la acción. Revisa tu conexión e inténtalo de nuevo.';
}
