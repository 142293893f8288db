import { useId, useState, type FormEvent } from 'react';
import { chakra } from '@chakra-ui/react';
import { signUpToNewsletter } from '@/api/client';
import { Button } from '@/components/Button';
import { GENERIC_ERROR_MESSAGE, notify } from '@/lib/notify';
import { site } from '@/config/site';
import { LegacySiteContainer as SiteContainer } from './SiteContainer';

/** Loose on purpose: one @, a dot in the domain, no spaces. The server has the last word. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const newsletterMessages = {
  invalidField: 'Correo invalido',
  invalidOnSubmit: 'El correo electrónico no es válido, inténtalo de nuevo.',
  success: '¡Gracias por registrarte!',
} as const;

function emailProblem(value: string): string | null {
  return EMAIL_PATTERN.test(value.trim()) ? null : newsletterMessages.invalidField;
}

/**
 * Newsletter banner (spec sections 2, 5 and 8): one email field, validated as the visitor types.
 * A plain controlled input: it is on every page, and a form library would add weight to all of them.
 */
// TRANSITIONAL until the newsletter is converted to a CSS module.
const LegacyButton = chakra(Button);

export function Newsletter() {
  const inputId = useId();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  function reset() {
    setEmail('');
    setTouched(false);
  }

  async function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (emailProblem(email)) {
      void notify.error(newsletterMessages.invalidOnSubmit);
      reset();
      return;
    }
    setSubmitting(true);
    try {
      const answer = await signUpToNewsletter(email.trim());
      if (answer.ok) {
        void notify.success(newsletterMessages.success);
        reset();
      } else if (answer.status >= 400 && answer.status < 500) {
        void notify.error(answer.text || GENERIC_ERROR_MESSAGE);
        reset();
      } else {
        void notify.error(GENERIC_ERROR_MESSAGE);
      }
    } catch (error) {
      console.error('Newsletter sign-up failed', error);
      void notify.error(GENERIC_ERROR_MESSAGE);
    } finally {
      setSubmitting(false);
    }
  }

  const fieldError = touched ? emailProblem(email) : null;

  return (
    <chakra.section id="newsletter" aria-labelledby={`${inputId}-heading`} bgImage="newsletter" py={{ base: '10', md: '14' }}>
      <SiteContainer display="flex" flexDirection={{ base: 'column', lg: 'row' }} gap="6" alignItems={{ lg: 'center' }}>
        <chakra.div flex="1">
          <chakra.h2 id={`${inputId}-heading`} fontFamily="mono" fontSize="h2" color="paragraph" lineHeight="1.2">
            Suscríbete al boletín
          </chakra.h2>
          <chakra.p mt="2">
            Noticias, eventos y convocatorias de la comunidad blockchain de Latinoamérica de {site.brand}, en español.
          </chakra.p>
        </chakra.div>
        <chakra.form onSubmit={subscribe} noValidate flex="1" maxW={{ lg: '520px' }}>
          <chakra.label htmlFor={inputId} display="block" fontWeight="700" fontSize="input" mb="1">
            Correo electrónico
          </chakra.label>
          <chakra.div display="flex" gap="3" flexDirection={{ base: 'column', sm: 'row' }}>
            <chakra.input
              id={inputId}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="tu@correo.com"
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
              flex="1"
              h="12"
              px="3"
              fontSize="input"
              bg="white"
              color="paragraph"
              border="1px solid"
              borderColor={fieldError ? 'headingText' : 'border'}
              borderRadius="0"
              name="email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setTouched(true);
              }}
            />
            <LegacyButton type="submit" disabled={submitting} w="148px" flexShrink={0}>
              SUSCRIBIRME
            </LegacyButton>
          </chakra.div>
          <chakra.p id={errorId} role="alert" minH="6" mt="1" fontSize="helpText" color="headingText">
            {fieldError ?? ''}
          </chakra.p>
        </chakra.form>
      </SiteContainer>
    </chakra.section>
  );
}
