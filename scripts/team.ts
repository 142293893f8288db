/** `npm run team -- invite <email> --role admin|reviewer|finance | list | revoke <email>` (see src/server/cli/team.ts). */
import { runTeamCommand, TeamUsageError } from '../src/server/cli/team';
import { projectDir } from './export-files';

process.chdir(projectDir);
runTeamCommand(process.argv.slice(2)).then(
  (lines) => console.log(lines.join('\n')),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(error instanceof TeamUsageError ? 2 : 1);
  },
);
