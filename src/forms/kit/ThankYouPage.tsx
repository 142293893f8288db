import NextLink from 'next/link';
import { chakra } from '@chakra-ui/react';
import { PageMeta } from '@/components/PageMeta';
import { SiteContainer } from '@/components/shell/SiteContainer';

export type ThankYouProps = {
  /** The programme applied to: 'for applying to {grantType}'. */
  grantType: string;
} & (
  | { /** Small grants: a confirmation comes shortly, with a link back to the programme page. */ programmePage: string; contactEmail?: never }
  | { /** Other programmes: confirmation within 2 business days, and who to write to. */ contactEmail: string; programmePage?: never }
);

/** The confirmation page after a successful submission (spec sections 2 and 8); kept out of search results. */
export function ThankYouPage({ grantType, programmePage, contactEmail }: ThankYouProps) {
  return (
    <>
      <PageMeta title="Gracias por tu solicitud" noindex />
      <SiteContainer pt={{ base: '10', lg: '20' }} pb="20">
        <chakra.section aria-labelledby="thank-you-heading" maxW="2xl" bg="white" p={{ base: '6', md: '10' }} border="1px solid" borderColor="border" boxShadow="8px 8px 0 0 {colors.orange}">
          <chakra.h1 id="thank-you-heading" fontSize={{ base: 'homepage', lg: 'h1' }} color="headingText" lineHeight="1.15">
            Thank you!
          </chakra.h1>
          <chakra.p mt="3" fontSize="h4" fontWeight="700">
            for applying to {grantType}
          </chakra.p>
          {programmePage ? (
            <chakra.p mt="4">
              You should receive a confirmation email shortly. Meanwhile, read more about{' '}
              <chakra.a asChild color="accentText" textDecoration="underline">
                <NextLink href={programmePage}>Small Grants</NextLink>
              </chakra.a>
              .
            </chakra.p>
          ) : (
            <chakra.p mt="4">
              You should receive a confirmation email from us within 2 business days. If you have any questions, write to{' '}
              <chakra.a href={`mailto:${contactEmail}`} color="accentText" textDecoration="underline">
                {contactEmail}
              </chakra.a>
              .
            </chakra.p>
          )}
        </chakra.section>
      </SiteContainer>
    </>
  );
}
