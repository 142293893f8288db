/** `npm run grantees -- add [label] | list | revoke <id>` (see src/server/cli/grantees.ts). */
import { runGranteesCommand } from '../src/server/cli/grantees';
import { projectDir } from './export-files';
import { printFailure, printLines } from './support/terminal';

process.chdir(projectDir);
runGranteesCommand(process.argv.slice(2)).then(
  (lines) => printLines(lines),
  (error: unknown) => {
    printFailure(error);
    process.exit(1);
  },
);
