import { chakra } from '@chakra-ui/react';
import { links } from '@/config/site';
import { devconGrants } from '@/forms/definitions';
import { ApplicationForm } from '@/forms/kit/ApplicationForm';

/** Conference grants, framed by the 'Devcon Grants Round' intro (spec section 2). */
export default function DevconGrantsForm() {
  return (
    <>
      <chakra.section aria-labelledby="devcon-round-heading" mb="10" maxW="3xl">
        <chakra.h2 id="devcon-round-heading" fontFamily="mono" fontSize="h2" color="paragraph">
          Devcon Grants Round
        </chakra.h2>
        <chakra.p mt="2">
          Apoyamos con fondos y otros recursos a meetups y eventos en Latinoamérica antes de la conferencia. Conoce la conferencia en{' '}
          <chakra.a href={links.devconSite} target="_blank" rel="noopener noreferrer" color="accentText" textDecoration="underline">
            su sitio oficial<chakra.span srOnly> (se abre en una pestaña nueva)</chakra.span>
          </chakra.a>
          .
        </chakra.p>
      </chakra.section>
      <ApplicationForm definition={devconGrants} />
    </>
  );
}
