import { ErrorCode, useDropzone, type FileRejection } from 'react-dropzone';
import { Button } from '@/components/Button';
import type { FieldDefinition } from '@/forms/definitions/types';
import { classNames } from '@/lib/classNames';
import { notify } from '@/lib/notify';
import { ENGLISH_UPLOAD_COPY, type UploadCopy } from './uploadMessage';
import styles from './Field.module.css';

/** The copy's words for more than one file or one too large; the drop component's own for the other rejections ('File type must be …'). */
function rejectionMessage(rejection: FileRejection | undefined, field: FieldDefinition, copy: UploadCopy): string {
  const error = rejection?.errors[0];
  if (!error || error.code === ErrorCode.TooManyFiles) return copy.tooMany;
  if (error.code === ErrorCode.FileTooLarge) return field.messages.invalid ?? error.message;
  return error.message;
}

export type UploadDropzoneProps = {
  field: FieldDefinition;
  copy?: UploadCopy;
  inputId: string;
  describedBy?: string;
  invalid: boolean;
  file: File | null;
  onFile: (file: File | null) => void;
  onRejected: (message: string) => void;
};

/**
 * One file, dropped or picked. The file input itself stays in the tab order (visually hidden, the
 * drop area shows its focus), so Enter or Space opens the file dialog as on any file input.
 */
export default function UploadDropzone({ field, copy = ENGLISH_UPLOAD_COPY, inputId, describedBy, invalid, file, onFile, onRejected }: UploadDropzoneProps) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    multiple: false,
    maxFiles: 1,
    maxSize: field.maxBytes,
    noKeyboard: true,
    onDropAccepted: ([accepted]) => {
      if (!accepted) return;
      onFile(accepted);
      void notify.success(copy.uploaded);
    },
    onDropRejected: (rejections) => onRejected(rejectionMessage(rejections.length > 1 ? undefined : rejections[0], field, copy)),
  });
  return (
    <>
      <div {...getRootProps({ className: classNames(styles.dropzone, invalid && styles.dropzoneInvalid, isDragActive && styles.dropzoneActive) })}>
        <input
          {...getInputProps({
            id: inputId,
            name: field.name,
            tabIndex: 0,
            'aria-label': undefined,
            'aria-describedby': describedBy,
            'aria-invalid': invalid || undefined,
            style: { position: 'absolute', inset: 0, width: '100%', height: '100%', opacity: 0, cursor: 'pointer' },
          })}
        />
        {isDragActive ? copy.dropHere : copy.prompt}
      </div>
      {file ? (
        <div className={styles.uploaded}>
          <span className={styles.fileName} data-testid="uploaded-file">
            {file.name}
          </span>
          <Button type="button" variant="outline" size="small" onClick={() => onFile(null)} aria-label={`${copy.remove} ${file.name}`}>
            {copy.remove}
          </Button>
        </div>
      ) : null}
    </>
  );
}
