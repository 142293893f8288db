import { useLayoutEffect, useRef } from 'react';
import type { UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import type { FormValues } from '@/forms/definitions/types';

type Registered = HTMLInputElement | HTMLTextAreaElement;

function isRadio(element: Registered): element is HTMLInputElement {
  return element instanceof HTMLInputElement && element.type === 'radio';
}

/**
 * What the applicant left in a control: its text, or for a radio group the checked option's value.
 * A group is read whole at its first option: registering that option checks the default one,
 * which unchecks the applicant's choice in the others before they register.
 */
function earlyValue(element: Registered): string {
  if (!isRadio(element)) return element.value;
  const scope = element.form ?? element.ownerDocument;
  return scope.querySelector<HTMLInputElement>(`input[type="radio"][name="${element.name}"]:checked`)?.value ?? '';
}

/**
 * react-hook-form's `register` for an uncontrolled control (text, date, number, a radio group),
 * keeping what the applicant did in the exported HTML before the page's scripts arrived (a slow
 * phone shows the form seconds before it hydrates). Registering writes the field's default into
 * the control, which would wipe the text or check the default radio again: the applicant's value
 * goes back into the control, and into the form's values (so it reveals what it should, and is
 * sent) before the browser paints the form live.
 */
export function useRegisterKeepingEarlyInput(form: UseFormReturn<FormValues>, name: string): UseFormRegisterReturn {
  const earlyInput = useRef('');
  // Only the field's first control to register, at hydration, can find early input: later
  // registrations (after a reset, which registers the fields again) must let the reset clear it.
  const firstRegistration = useRef(true);
  const registration = form.register(name);
  useLayoutEffect(() => {
    const early = earlyInput.current;
    if (early === '') return;
    earlyInput.current = '';
    form.setValue(name, early, { shouldDirty: true });
  }, [form, name]);
  return {
    ...registration,
    ref: (element: Registered | null) => {
      const early = element && firstRegistration.current ? earlyValue(element) : '';
      if (element) firstRegistration.current = false;
      registration.ref(element);
      if (!element || early === '') return;
      earlyInput.current = early;
      // Text goes back at once; a radio group is put right once all its options have registered.
      if (!isRadio(element) && element.value !== early) element.value = early;
    },
  };
}
