/** `npm run grantees -- add [label] | list | revoke <id>` (see src/server/cli/grantees.ts). */
import { runGranteesCommand } from '../src/server/cli/grantees';
import { projectDir } from './export-files';

process.chdir(projectDir);
runGranteesCommand(process.argv.slice(2)).then(
  (lines) => console.log(lines.join('\n')),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
