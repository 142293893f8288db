/** `npm run data-rights -- find|export|erase --email <address> …` (see src/server/cli/dataRights.ts). */
import { DataRightsUsageError, runDataRightsCommand } from '../src/server/cli/dataRights';
import { projectDir } from './export-files';
import { printFailure, printLines } from './support/terminal';

// --out is relative to where the command was run (npm moves to the project folder).
const cwd = process.env.INIT_CWD || process.cwd();
process.chdir(projectDir);
runDataRightsCommand(process.argv.slice(2), { cwd }).then(
  (lines) => printLines(lines),
  (error: unknown) => {
    printFailure(error);
    process.exit(error instanceof DataRightsUsageError ? 2 : 1);
  },
);
