import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { FieldDefinition, FormValues, UploadInfo } from '@/forms/definitions/types';
import { isRequired, requiredDependsOnAnswers } from '@/forms/definitions/fieldState';
import { validateUpload } from '@/forms/definitions/validate';
import { notify } from '@/lib/notify';
import { FieldShell } from './FieldShell';
import { describedBy, fieldIds } from './fieldIds';
import { useFormSelector } from './useFormSelector';
import { useHydrated } from './useHydrated';
import { ENGLISH_UPLOAD_COPY, type UploadCopy } from './uploadMessage';
import styles from './Field.module.css';

const UploadDropzone = lazy(() => import('./UploadDropzone'));

/** The proposal upload; react-dropzone arrives in its own chunk, a plain file input stands in till then. */
export function UploadField({
  field,
  form,
  copy = ENGLISH_UPLOAD_COPY,
  file,
  rejection,
  onFile,
  onRejected,
}: {
  field: FieldDefinition;
  form: UseFormReturn<FormValues>;
  /** The drop area's words: English on the application forms (the default). */
  copy?: UploadCopy;
  file: File | null;
  /** Why the last dropped file was refused, until another is chosen. */
  rejection?: string;
  onFile: (file: File | null) => void;
  onRejected: (message: string) => void;
}) {
  const upload: UploadInfo = file ? { size: file.size } : null;
  const required = useFormSelector(form, (values) => isRequired(field, values), Object.is, requiredDependsOnAnswers(field));
  const problem = useFormSelector(form, (values) => validateUpload(field, upload, values));
  const error = rejection ?? problem;
  const ids = fieldIds(field.name);
  const hydrated = useHydrated();
  const described = describedBy(field.name, { help: Boolean(field.help), error: Boolean(error) });
  const latest = useRef({ file, onFile });
  useEffect(() => {
    latest.current = { file, onFile };
  });
  const taken = useRef<File | null>(null);
  const uploadedMessage = copy.uploaded;
  const take = useCallback((chosen: File | undefined) => {
    if (!chosen || chosen === taken.current || chosen === latest.current.file) return;
    taken.current = chosen;
    latest.current.onFile(chosen);
    void notify.success(uploadedMessage);
  }, [uploadedMessage]);
  const takeChosen = useCallback((event: Event) => take((event.target as HTMLInputElement).files?.[0]), [take]);
  // A listener on the element itself, not React's onChange: the input is replaced at hydration and
  // again when the drop area arrives, possibly while the applicant's file dialog is open, and the
  // choice then lands on a detached input that React no longer hears.
  const placeholderRef = useCallback(
    (element: HTMLInputElement | null) => {
      element?.addEventListener('change', takeChosen);
      take(element?.files?.[0]);
    },
    [take, takeChosen],
  );
  // Until the drop area arrives, a plain file input that works: a file chosen in it, before the page
  // hydrated or while the drop area's chunk loads, becomes the form's file.
  const placeholder = (
    <>
      <input
        type="file"
        id={ids.control}
        name={field.name}
        aria-describedby={described}
        aria-invalid={error ? true : undefined}
        className={styles.filePlaceholder}
        ref={placeholderRef}
      />
      {file && hydrated ? (
        <p className={styles.uploaded}>
          <span className={styles.fileName} data-testid="uploaded-file">
            {file.name}
          </span>
        </p>
      ) : null}
    </>
  );
  return (
    <FieldShell field={field} required={required} error={error}>
      {hydrated ? (
        <Suspense fallback={placeholder}>
          <UploadDropzone field={field} copy={copy} inputId={ids.control} describedBy={described} invalid={Boolean(error)} file={file} onFile={onFile} onRejected={onRejected} />
        </Suspense>
      ) : (
        placeholder
      )}
    </FieldShell>
  );
}
