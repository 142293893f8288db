import NextLink from 'next/link';
import { chakra } from '@chakra-ui/react';
import { PageMeta } from '@/components/PageMeta';
import { SiteContainer } from '@/components/shell/SiteContainer';
import { programmes, type ProgrammeKey } from '@/config/programmes';

export type ThankYouProps = {
  /** The programme applied to: its name and what comes next are in the programme table. */
  programme: ProgrammeKey;
};

/** The confirmation page after a successful submission (spec sections 2 and 8); kept out of search results. */
export function ThankYouPage({ programme }: ThankYouProps) {
  const { name, followUp } = programmes[programme];
  return (
    <>
      <PageMeta title="Gracias por tu solicitud" noindex />
      <SiteContainer pt={{ base: '10', lg: '20' }} pb="20">
        <chakra.section aria-labelledby="thank-you-heading" maxW="2xl" bg="white" p={{ base: '6', md: '10' }} border="1px solid" borderColor="border" boxShadow="8px 8px 0 0 {colors.orange}">
          <chakra.h1 id="thank-you-heading" fontSize={{ base: 'homepage', lg: 'h1' }} color="headingText" lineHeight="1.15">
            Thank you!
          </chakra.h1>
          <chakra.p mt="3" fontSize="h4" fontWeight="700">
            for applying to {name}
          </chakra.p>
          {followUp.kind === 'shortly' ? (
            <chakra.p mt="4">
              You should receive a confirmation email shortly. Meanwhile, read more about{' '}
              <chakra.a asChild color="accentText" textDecoration="underline">
                <NextLink href={followUp.programmePage}>{name}</NextLink>
              </chakra.a>
              .
            </chakra.p>
          ) : (
            <chakra.p mt="4">
              You should receive a confirmation email from us within 2 business days. If you have any questions, write to{' '}
              <chakra.a href={`mailto:${followUp.contactEmail}`} color="accentText" textDecoration="underline">
                {followUp.contactEmail}
              </chakra.a>
              .
            </chakra.p>
          )}
        </chakra.section>
      </SiteContainer>
    </>
  );
}
