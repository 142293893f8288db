/** `tsx scripts/open-books-snapshot.ts` (the first step of `npm run build`): see src/server/cli/openBooksSnapshot.ts. */
import path from 'node:path';
import { writeOpenBooksSnapshot } from '../src/server/cli/openBooksSnapshot';
import { projectDir } from './export-files';
import { printFailure } from './support/terminal';

process.chdir(projectDir);
writeOpenBooksSnapshot().then(
  ({ file, note }) => console.log(`open-books snapshot: ${note}, written to ${path.relative(projectDir, file)}`),
  (error: unknown) => {
    printFailure(error);
    process.exit(1);
  },
);
