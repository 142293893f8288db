/** `npm run team -- invite <email> --role admin|reviewer|finance | list | revoke <email>` (see src/server/cli/team.ts). */
import { runTeamCommand, TeamUsageError } from '../src/server/cli/team';
import { projectDir } from './export-files';
import { printFailure, printLines } from './support/terminal';

process.chdir(projectDir);
runTeamCommand(process.argv.slice(2)).then(
  (lines) => printLines(lines),
  (error: unknown) => {
    printFailure(error);
    process.exit(error instanceof TeamUsageError ? 2 : 1);
  },
);
