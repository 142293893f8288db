import { chakra } from '@chakra-ui/react';
import { granteeFinance } from '@/forms/definitions';
import { visibleFields } from '@/forms/definitions/validate';
import type { FormValues } from '@/forms/definitions/types';
import { ApplicationForm } from '@/forms/kit/ApplicationForm';

export const UNKNOWN_SECURITY_ID_MESSAGE = 'Please make sure the Security Grantee ID is correct.';

/** The payment details read back before sending: the grantee confirms where the money goes. */
function PaymentReview(values: FormValues) {
  const shown = visibleFields(granteeFinance, values).filter((field) => field.name !== 'granteeSecurityID' && values[field.name]);
  return (
    <chakra.dl display="grid" gridTemplateColumns={{ base: '1fr', md: 'minmax(10rem, max-content) 1fr' }} columnGap="6" rowGap="1" fontSize="input">
      {shown.map((field) => (
        <chakra.div key={field.name} display="contents">
          <chakra.dt fontWeight="700">{field.label}</chakra.dt>
          <chakra.dd m="0" mb={{ base: '2', md: '0' }} wordBreak="break-all" fontFamily={field.name.endsWith('Address') || field.name === 'IBAN' ? 'mono' : undefined}>
            {field.options?.find((option) => option.value === values[field.name])?.label ?? values[field.name]}
          </chakra.dd>
        </chakra.div>
      ))}
    </chakra.dl>
  );
}

/** Grantee finance (spec sections 3–5): no draft, no captcha; a review step; a 404 means an unknown security ID. */
export default function GranteeFinanceForm() {
  return <ApplicationForm definition={granteeFinance} review={PaymentReview} failureMessage={(status) => (status === 404 ? UNKNOWN_SECURITY_ID_MESSAGE : undefined)} />;
}
