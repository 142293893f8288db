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

/** Grantee finance: no draft, no captcha; a review step; a 404 means an unknown security ID. */
export default function GranteeFinanceForm() {
  return <ApplicationForm definition={granteeFinance} review={PaymentReview} failureMessage={(status) => (status === 404 ? UNKNOWN_SECURITY_ID_MESSAGE : undefined)} />;
}
