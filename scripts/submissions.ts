/** `npm run submissions -- [form] [--limit N]` (see src/server/cli/submissions.ts). */
import { listSubmissions } from '../src/server/cli/submissions';
import { projectDir } from './export-files';
import { printFailure, printLines } from './support/terminal';

process.chdir(projectDir);
listSubmissions(process.argv.slice(2)).then(
  (lines) => printLines(lines.length > 0 ? lines : ['No submissions.']),
  (error: unknown) => {
    printFailure(error);
    process.exit(1);
  },
);
