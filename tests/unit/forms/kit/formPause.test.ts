import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORM_PAUSE_MS, whenFormPauses } from '@/forms/kit/formPause';

/** A form with one text input, as the application forms have many. */
function formWithInput() {
  const form = document.createElement('form');
  const input = document.createElement('input');
  form.append(input);
  document.body.append(form);
  return { form, input, type: () => input.dispatchEvent(new Event('input', { bubbles: true })) };
}

describe('parts of a form that load when the applicant pauses (the selects)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('wait while the applicant types and load once, after a pause', () => {
    const { input, form, type } = formWithInput();
    const select = vi.fn();
    const otherSelect = vi.fn();
    whenFormPauses(form, select);
    whenFormPauses(form, otherSelect);

    vi.advanceTimersByTime(FORM_PAUSE_MS * 3);
    expect(select).not.toHaveBeenCalled(); // nothing before the applicant starts

    input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    for (let key = 0; key < 10; key += 1) {
      vi.advanceTimersByTime(FORM_PAUSE_MS / 4);
      type();
    }
    expect(select).not.toHaveBeenCalled();
    expect(otherSelect).not.toHaveBeenCalled();

    vi.advanceTimersByTime(FORM_PAUSE_MS);
    expect(select).toHaveBeenCalledTimes(1);
    expect(otherSelect).toHaveBeenCalledTimes(1);

    type();
    vi.advanceTimersByTime(FORM_PAUSE_MS * 2);
    expect(select).toHaveBeenCalledTimes(1);
  });

  it('restart one timer per keystroke however many parts wait on the form', () => {
    const { form, type } = formWithInput();
    for (let part = 0; part < 4; part += 1) whenFormPauses(form, () => undefined);
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    type();
    expect(setTimeoutSpy).toHaveBeenCalledTimes(1);
  });

  it('leave out a part that went away before the pause, and keep the others', () => {
    const { form, type } = formWithInput();
    const gone = vi.fn();
    const kept = vi.fn();
    const cancel = whenFormPauses(form, gone);
    whenFormPauses(form, kept);
    type();
    cancel();
    vi.advanceTimersByTime(FORM_PAUSE_MS);
    expect(gone).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledTimes(1);
  });

  it('stop listening to the form once no part waits', () => {
    const { form, type } = formWithInput();
    const removed = vi.spyOn(form, 'removeEventListener');
    const cancel = whenFormPauses(form, vi.fn());
    cancel();
    expect(removed.mock.calls.map(([type]) => type).sort()).toEqual(['focusin', 'input', 'pointerdown']);
    const later = vi.fn();
    whenFormPauses(form, later); // a select that appears later still gets its pause
    type();
    vi.advanceTimersByTime(FORM_PAUSE_MS);
    expect(later).toHaveBeenCalledTimes(1);
  });
});
