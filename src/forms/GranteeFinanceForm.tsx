import { granteeFinance } from '@/forms/definitions/granteeFinance';
import { visibleFields } from '@/forms/definitions/validate';
import type { FormValues } from '@/forms/definitions/types';
import { ApplicationForm } from '@/forms/kit/ApplicationForm';
import { classNames } from '@/lib/classNames';
import styles from './GranteeFinanceForm.module.css';

export const UNKNOWN_SECURITY_ID_MESSAGE = 'Please make sure the Security Grantee ID is correct.';

/** The payment details read back before sending: the grantee confirms where the money goes. */
function PaymentReview(values: FormValues) {
  const shown = visibleFields(granteeFinance, values).filter((field) => field.name !== 'granteeSecurityID' && values[field.name]);
  return (
    <dl className={styles.review}>
      {shown.map((field) => (
        <div key={field.name} style={{ display: 'contents' }}>
          <dt className={styles.term}>{field.label}</dt>
          <dd className={classNames(styles.value, (field.name.endsWith('Address') || field.name === 'IBAN') && styles.mono)}>
            {field.options?.find((option) => option.value === values[field.name])?.label ?? values[field.name]}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Why this form, alone of the six, keeps no draft (docs/operating.md, "Drafts in the browser"). */
export const NO_DRAFT_NOTE =
  'This form keeps no draft in this browser: bank details, wallet addresses and your security ID are never saved on this device, where anyone who uses it after you could read them. If you leave the page before sending, type them again.';

/** Grantee finance: no draft (said above the form), no captcha; a review step; a 404 means an unknown security ID. */
export default function GranteeFinanceForm() {
  return (
    <>
      <p lang="en" className={styles.noDraft}>
        {NO_DRAFT_NOTE}
      </p>
      <ApplicationForm definition={granteeFinance} review={PaymentReview} failureMessage={(status) => (status === 404 ? UNKNOWN_SECURITY_ID_MESSAGE : undefined)} />
    </>
  );
}
