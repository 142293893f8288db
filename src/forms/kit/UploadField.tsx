import { lazy, Suspense } from 'react';
import { chakra } from '@chakra-ui/react';
import type { FieldDefinition } from '@/forms/definitions/types';
import { FieldShell } from './FieldShell';
import { describedBy, fieldIds } from './fieldIds';
import { useHydrated } from './useHydrated';

const UploadDropzone = lazy(() => import('./UploadDropzone'));

/** The proposal upload; react-dropzone arrives in its own chunk, a disabled file input stands in till then. */
export function UploadField({ field, required, error, file, onFile, onRejected }: { field: FieldDefinition; required: boolean; error?: string; file: File | null; onFile: (file: File | null) => void; onRejected: (message: string) => void }) {
  const ids = fieldIds(field.name);
  const hydrated = useHydrated();
  const placeholder = <chakra.input type="file" id={ids.control} name={field.name} disabled display="block" minH="5.5rem" w="100%" fontSize="input" />;
  const described = describedBy(field.name, { help: Boolean(field.help), error: Boolean(error) });
  return (
    <FieldShell field={field} required={required} error={error}>
      {hydrated ? (
        <Suspense fallback={placeholder}>
          <UploadDropzone field={field} inputId={ids.control} describedBy={described} invalid={Boolean(error)} file={file} onFile={onFile} onRejected={onRejected} />
        </Suspense>
      ) : (
        placeholder
      )}
    </FieldShell>
  );
}
