import { chakra } from '@chakra-ui/react';
import { Button } from '@/components/Button';
import { Icon } from '@/components/Icon';

/**
 * The forms' submit button (spec section 4): disabled while the form is invalid or submitting;
 * 'Submitting' with a spinner while in flight, otherwise its text and a paper plane.
 */
export function SubmitButton({ label, submitting, disabled, describedBy }: { label: string; submitting: boolean; disabled: boolean; describedBy?: string }) {
  return (
    <Button type="submit" disabled={disabled || submitting} aria-describedby={describedBy} aria-busy={submitting || undefined} minW="56">
      {submitting ? (
        <>
          <chakra.span
            aria-hidden="true"
            display="inline-block"
            w="4"
            h="4"
            borderRadius="full"
            border="2px solid currentColor"
            borderRightColor="transparent"
            animation="spin 0.8s linear infinite"
          />
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
