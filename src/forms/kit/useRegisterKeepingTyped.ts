import { useEffect, useRef } from 'react';
import type { UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import type { FormValues } from '@/forms/definitions/types';

/**
 * react-hook-form's `register` for a text control, keeping what the applicant typed into the
 * exported HTML before the page's scripts arrived (a slow phone shows the form seconds before it
 * hydrates). Registering writes the field's default into the control, which would wipe the text:
 * it goes straight back into the control, and into the form's values once the field has mounted.
 */
export function useRegisterKeepingTyped(form: UseFormReturn<FormValues>, name: string): UseFormRegisterReturn {
  const typedBeforeHydration = useRef('');
  // Only the control's first registration can find text typed before hydration: later ones (after
  // a reset, which registers the fields again) must let the reset clear it.
  const firstRegistration = useRef(true);
  const registration = form.register(name);
  useEffect(() => {
    const typed = typedBeforeHydration.current;
    if (typed === '') return;
    typedBeforeHydration.current = '';
    form.setValue(name, typed, { shouldDirty: true });
  }, [form, name]);
  return {
    ...registration,
    ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      const typed = element && firstRegistration.current ? element.value : '';
      if (element) firstRegistration.current = false;
      registration.ref(element);
      if (element && typed !== '' && element.value !== typed) {
        element.value = typed;
        typedBeforeHydration.current = typed;
      }
    },
  };
}
