import { useCallback, useEffect, useState } from 'react';
import { TeamApiError } from './api';
import { goToSignIn } from './navigation';

export type TeamData<T> =
  | { state: 'loading' }
  | { state: 'ready'; data: T }
  | { state: 'error'; status: number | null };

/**
 * Loads one team resource. A 401 (no session, or it ended) sends the member to sign in; any other
 * failure is kept as an error state for the page to explain. `reload` fetches again (after a change).
 */
export function useTeamData<T>(load: () => Promise<T>, dependencies: readonly unknown[]): TeamData<T> & { reload: () => void } {
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  // Each answer is kept with the request it answers: until the current request's answer arrives, it is loading.
  const requestKey = JSON.stringify([...dependencies, generation]);
  const [settled, setSettled] = useState<{ key: string; result: TeamData<T> } | null>(null);

  useEffect(() => {
    let current = true;
    load().then(
      (data) => {
        if (current) setSettled({ key: requestKey, result: { state: 'ready', data } });
      },
      (error: unknown) => {
        if (!current) return;
        const status = error instanceof TeamApiError ? error.status : null;
        if (status === 401) goToSignIn();
        setSettled({ key: requestKey, result: { state: 'error', status } });
      },
    );
    return () => {
      current = false;
    };
    // The request key stands for the caller's dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  const result: TeamData<T> = settled && settled.key === requestKey ? settled.result : { state: 'loading' };
  return { ...result, reload };
}

/** What a failed load tells the member, by status. */
export function failureMessage(status: number | null): string {
  if (status === 401) return 'Tu sesión terminó. Te llevamos a la página de ingreso…';
  if (status === 403) return 'Tu rol no tiene permiso para ver esta sección. Si crees que deberías tenerlo, escríbele a una persona administradora del equipo.';
  if (status === 404) return 'No encontramos lo que buscas. Puede que el enlace esté incompleto.';
  if (status === 429) return 'Hiciste demasiados intentos seguidos. Espera un momento e inténtalo de nuevo.';
  return 'No pudimos cargar la información. Revisa tu conexión e inténtalo de nuevo.';
}

/**
 * What a failed change (a POST) tells the member: a 401 sends them to sign in; otherwise the
 * server's own Spanish message when it sent one (e.g. why a status cannot change), else the fallback.
 */
export function actionFailure(error: unknown, fallback: string): string {
  if (error instanceof TeamApiError) {
    if (error.status === 401) goToSignIn();
    if (error.status === 403) return failureMessage(403);
    if (error.message) return error.message;
  }
  return fallback;
}

export type ActionOutcome = { tone: 'success' | 'error'; text: string };

/**
 * What a failed action tells the member: a fallback text, said unless the server sent its own
 * reason (actionFailure); or a function of the error giving the screen's own words (null: nothing
 * to say), e.g. ownWords.
 */
export type ActionFailure = string | ((error: unknown) => string | null);

/** A screen's own words for a failure, whatever the server said; a 401 sends the member to sign in and says nothing. */
export function ownWords(words: string | ((error: unknown) => string)): (error: unknown) => string | null {
  return (error) => {
    if (error instanceof TeamApiError && error.status === 401) {
      goToSignIn();
      return null;
    }
    return typeof words === 'string' ? words : words(error);
  };
}

function failureOutcome(error: unknown, failure: ActionFailure): ActionOutcome | null {
  const text = typeof failure === 'string' ? actionFailure(error, failure) : failure(error);
  return text === null ? null : { tone: 'error', text };
}

/**
 * One team action at a time (a status change, a decision email, a revocation, an erasure): `busy`
 * while it runs, then what to tell the member: the action's own outcome, or, when it throws, the
 * failure (ActionFailure). `afterFailure` tidies up first (a stale preview goes). The outcome is
 * shown through ActionNotice (src/team/Notice.tsx), which takes the focus.
 */
export function useTeamAction() {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const run = async (work: () => Promise<ActionOutcome | null>, failure: ActionFailure, afterFailure?: () => void): Promise<void> => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await work());
    } catch (error) {
      afterFailure?.();
      setOutcome(failureOutcome(error, failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, run, setOutcome };
}
