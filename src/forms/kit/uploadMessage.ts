/** The toast once a file is taken, by the drop area or the plain file input standing in for it. */
export const UPLOADED_MESSAGE = 'Proposal uploaded!';

/** The upload field's words: the application forms read in English, the applicant portal in Spanish. */
export type UploadCopy = {
  readonly prompt: string;
  readonly dropHere: string;
  readonly remove: string;
  readonly uploaded: string;
  /** When more than one file is dropped. */
  readonly tooMany: string;
};

export const ENGLISH_UPLOAD_COPY: UploadCopy = {
  prompt: 'Drag and drop your proposal here, or click to choose a file (one file, up to 4 MB).',
  dropHere: 'Drop the file here',
  remove: 'Remove',
  uploaded: UPLOADED_MESSAGE,
  tooMany: 'Too many files',
};
