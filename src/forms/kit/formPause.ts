/**
 * How long the applicant has neither typed nor pressed in the form before the parts that wait for a
 * pause load. Loading them at the first focus put their evaluation (long tasks of 77–118 ms at 4x
 * CPU for the select) under the applicant's first keystrokes; after a pause it lands between fields.
 */
export const FORM_PAUSE_MS = 1000;
const ACTIVITY_EVENTS = ['focusin', 'pointerdown', 'input'] as const;

type Watcher = { waiting: Set<() => void>; stop: () => void };

/** One watcher per form, however many parts wait on it: a keystroke restarts one timer, not one per part. */
const watchers = new WeakMap<HTMLFormElement, Watcher>();

function startWatcher(form: HTMLFormElement): Watcher {
  const waiting = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const restart = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const due = [...waiting];
      watcher.stop();
      for (const callback of due) callback();
    }, FORM_PAUSE_MS);
  };
  const watcher: Watcher = {
    waiting,
    stop: () => {
      clearTimeout(timer);
      waiting.clear();
      for (const type of ACTIVITY_EVENTS) form.removeEventListener(type, restart);
      if (watchers.get(form) === watcher) watchers.delete(form);
    },
  };
  for (const type of ACTIVITY_EVENTS) form.addEventListener(type, restart);
  watchers.set(form, watcher);
  return watcher;
}

/**
 * Calls `callback` once, the first time the applicant pauses after starting to fill in the form
 * (focus, press or typing inside it, then nothing for FORM_PAUSE_MS). Returns the cancel.
 */
export function whenFormPauses(form: HTMLFormElement, callback: () => void): () => void {
  const watcher = watchers.get(form) ?? startWatcher(form);
  watcher.waiting.add(callback);
  return () => {
    watcher.waiting.delete(callback);
    if (watcher.waiting.size === 0) watcher.stop();
  };
}
