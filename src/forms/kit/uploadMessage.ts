/** The toast once a file is taken, by the drop area or the plain file input standing in for it. */
export const UPLOADED_MESSAGE = 'Proposal uploaded!';
