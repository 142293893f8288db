/** `npm run submissions -- [form] [--limit N]` (see src/server/cli/submissions.ts). */
import { listSubmissions } from '../src/server/cli/submissions';
import { projectDir } from './export-files';

process.chdir(projectDir);
listSubmissions(process.argv.slice(2)).then(
  (lines) => console.log(lines.length > 0 ? lines.join('\n') : 'No submissions.'),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
