/** `npm run restore -- FILE` (see src/server/cli/backup.ts). */
import { runRestoreCommand } from '../src/server/cli/backup';
import { projectDir } from './export-files';

runRestoreCommand(process.argv.slice(2), { env: process.env, projectDir, cwd: process.env.INIT_CWD || process.cwd() }).then(
  (line) => console.log(line),
  (error: unknown) => {
    console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
