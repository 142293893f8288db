/** `npm run backup -- --out FILE` (see src/server/cli/backup.ts). */
import { runBackupCommand } from '../src/server/cli/backup';
import { projectDir } from './export-files';

runBackupCommand(process.argv.slice(2), { env: process.env, projectDir, cwd: process.env.INIT_CWD || process.cwd() }).then(
  (line) => console.log(line),
  (error: unknown) => {
    console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
