import { Button } from '@/components/Button';
import { Icon } from '@/components/Icon';
import styles from './SubmitButton.module.css';

/**
 * The forms' submit button: disabled while the form is invalid or submitting;
 * 'Submitting' with a spinner while in flight, otherwise its text and a paper plane.
 */
export function SubmitButton({ label, submitting, disabled, describedBy }: { label: string; submitting: boolean; disabled: boolean; describedBy?: string }) {
  return (
    <Button type="submit" disabled={disabled || submitting} aria-describedby={describedBy} aria-busy={submitting || undefined} className={styles.submit}>
      {submitting ? (
        <>
          <span aria-hidden="true" className={styles.spinner} />
          Submitting
        </>
      ) : (
        <>
          {label}
          <Icon name="paperPlane" size={16} />
        </>
      )}
    </Button>
  );
}
