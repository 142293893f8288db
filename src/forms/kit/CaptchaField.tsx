import { lazy, Suspense, useCallback, useState, type Ref } from 'react';
import { chakra } from '@chakra-ui/react';
import type ReCAPTCHA from 'react-google-recaptcha';
import { recaptchaSiteKey } from '@/config/site';
import type { FieldDefinition } from '@/forms/definitions/types';
import { FieldShell } from './FieldShell';
import { describedBy, fieldIds } from './fieldIds';

const Recaptcha = lazy(() => import('react-google-recaptcha'));

/** How far ahead of the captcha the provider's script starts loading while the applicant scrolls. */
const PRELOAD_MARGIN = '600px';

/**
 * A ref callback and whether its element has come near the viewport (at once where the browser
 * cannot tell).
 */
function useNearViewport(): [(element: HTMLElement | null) => (() => void) | undefined, boolean] {
  const [near, setNear] = useState(false);
  const observe = useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: PRELOAD_MARGIN });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [observe, near];
}

/**
 * The captcha (react-google-recaptcha). Its script, and the provider's, load only once the form is
 * reached: when the applicant starts filling it in (`formStarted`) or scrolls near the widget.
 */
export function CaptchaField({
  field,
  error,
  formStarted,
  captchaRef,
  onToken,
  onExpired,
}: {
  field: FieldDefinition;
  error?: string;
  formStarted: boolean;
  captchaRef: Ref<ReCAPTCHA>;
  onToken: (token: string) => void;
  onExpired: () => void;
}) {
  const ids = fieldIds(field.name);
  const [observe, near] = useNearViewport();
  const wanted = formStarted || near;
  return (
    <FieldShell field={field} required error={error} asGroup>
      <chakra.div
        ref={observe}
        id={ids.control}
        tabIndex={-1}
        minH="78px"
        aria-describedby={describedBy(field.name, { help: Boolean(field.help), error: Boolean(error) })}
      >
        {wanted ? (
          <Suspense fallback={null}>
            <Recaptcha ref={captchaRef} sitekey={recaptchaSiteKey} hl="en" onChange={(token) => onToken(token ?? '')} onExpired={onExpired} onErrored={() => onToken('')} />
          </Suspense>
        ) : null}
      </chakra.div>
    </FieldShell>
  );
}
