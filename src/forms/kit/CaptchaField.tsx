import { lazy, Suspense, useCallback, useState, type Ref } from 'react';
import type ReCAPTCHA from 'react-google-recaptcha';
import { useFormState, type UseFormReturn } from 'react-hook-form';
import { recaptchaSiteKey } from '@/config/site';
import type { FieldDefinition, FormValues } from '@/forms/definitions/types';
import { FieldShell } from './FieldShell';
import { describedBy, fieldIds } from './fieldIds';
import styles from './Field.module.css';

const Recaptcha = lazy(() => import('react-google-recaptcha'));

/** How far ahead of the captcha the provider's script starts loading while the applicant scrolls. */
const PRELOAD_MARGIN = '600px';

/**
 * A ref callback and whether the applicant has reached the element: scrolled near it (at once where
 * the browser cannot tell) or started filling in its form (focus inside the form).
 */
function useReached(): [(element: HTMLElement | null) => (() => void) | undefined, boolean] {
  const [reached, setReached] = useState(false);
  const observe = useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    const form = element.closest('form');
    const onFocus = () => setReached(true);
    form?.addEventListener('focusin', onFocus, { once: true });
    if (typeof IntersectionObserver === 'undefined') {
      setReached(true);
      return () => form?.removeEventListener('focusin', onFocus);
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setReached(true), { rootMargin: PRELOAD_MARGIN });
    observer.observe(element);
    return () => {
      observer.disconnect();
      form?.removeEventListener('focusin', onFocus);
    };
  }, []);
  return [observe, reached];
}

/**
 * The captcha (react-google-recaptcha). Its script, and the provider's, load only once the form is
 * reached: when the applicant starts filling it in or scrolls near the widget.
 */
export function CaptchaField({
  field,
  form,
  captchaRef,
  onToken,
  onExpired,
}: {
  field: FieldDefinition;
  form: UseFormReturn<FormValues>;
  captchaRef: Ref<ReCAPTCHA>;
  onToken: (token: string) => void;
  onExpired: () => void;
}) {
  const ids = fieldIds(field.name);
  const { errors } = useFormState({ control: form.control, name: field.name, exact: true });
  const error = errors[field.name]?.message;
  const [observe, reached] = useReached();
  return (
    <FieldShell field={field} required error={error} asGroup>
      <div ref={observe} id={ids.control} tabIndex={-1} className={styles.captcha} aria-describedby={describedBy(field.name, { help: Boolean(field.help), error: Boolean(error) })}>
        {reached ? (
          <Suspense fallback={null}>
            <Recaptcha ref={captchaRef} sitekey={recaptchaSiteKey} hl="en" onChange={(token) => onToken(token ?? '')} onExpired={onExpired} onErrored={() => onToken('')} />
          </Suspense>
        ) : null}
      </div>
    </FieldShell>
  );
}
