/** `npm run data-rights -- find|export|erase --email <address> …` (see src/server/cli/dataRights.ts). */
import { DataRightsUsageError, runDataRightsCommand } from '../src/server/cli/dataRights';
import { projectDir } from './export-files';

// --out is relative to where the command was run (npm moves to the project folder).
const cwd = process.env.INIT_CWD || process.cwd();
process.chdir(projectDir);
runDataRightsCommand(process.argv.slice(2), { cwd }).then(
  (lines) => console.log(lines.join('\n')),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(error instanceof DataRightsUsageError ? 2 : 1);
  },
);
