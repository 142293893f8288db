import { chakra } from '@chakra-ui/react';
import { ErrorCode, useDropzone, type FileRejection } from 'react-dropzone';
import { Button } from '@/components/Button';
import type { FieldDefinition } from '@/forms/definitions/types';
import { notify } from '@/lib/notify';

export const UPLOADED_MESSAGE = 'Proposal uploaded!';

/** The drop component's own wording for the other rejections ('File type must be …', 'Too many files'). */
function rejectionMessage(rejection: FileRejection | undefined, field: FieldDefinition): string {
  const error = rejection?.errors[0];
  if (!error) return 'Too many files';
  if (error.code === ErrorCode.FileTooLarge) return field.messages.invalid ?? error.message;
  return error.message;
}

export type UploadDropzoneProps = {
  field: FieldDefinition;
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
export default function UploadDropzone({ field, inputId, describedBy, invalid, file, onFile, onRejected }: UploadDropzoneProps) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    multiple: false,
    maxFiles: 1,
    maxSize: field.maxBytes,
    noKeyboard: true,
    onDropAccepted: ([accepted]) => {
      if (!accepted) return;
      onFile(accepted);
      void notify.success(UPLOADED_MESSAGE);
    },
    onDropRejected: (rejections) => onRejected(rejectionMessage(rejections.length > 1 ? undefined : rejections[0], field)),
  });
  return (
    <>
      <chakra.div
        {...getRootProps()}
        position="relative"
        minH="5.5rem"
        border="2px dashed"
        borderColor={invalid ? 'headingText' : 'paragraph'}
        bg={isDragActive ? '#fff0f7' : 'white'}
        px="4"
        py="6"
        textAlign="center"
        fontSize="input"
        cursor="pointer"
        _focusWithin={{ outline: '3px solid {colors.accent}', outlineOffset: '2px' }}
      >
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
        {isDragActive ? 'Drop the file here' : 'Drag and drop your proposal here, or click to choose a file (one file, up to 4 MB).'}
      </chakra.div>
      {file ? (
        <chakra.div display="flex" alignItems="center" justifyContent="space-between" gap="3" mt="2" fontSize="input">
          <chakra.span wordBreak="break-all" data-testid="uploaded-file">
            {file.name}
          </chakra.span>
          <Button type="button" variant="outline" size="small" onClick={() => onFile(null)} aria-label={`Remove ${file.name}`}>
            Remove
          </Button>
        </chakra.div>
      ) : null}
    </>
  );
}
