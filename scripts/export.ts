/** `npm run export -- --form <name> …` / `--file <id>` (see src/server/export/cli.ts). */
import { runExportCommand, UsageError } from '../src/server/export/cli';
import { withDisallowedTextReplaced } from '../src/forms/definitions/validate';
import { projectDir } from './export-files';
import { forTerminal } from './support/terminal';

runExportCommand(
  process.argv.slice(2),
  // The CSV keeps its CRLF records; everything else a terminal could act on is replaced (forTerminal for stderr).
  { stdout: (text) => process.stdout.write(withDisallowedTextReplaced(text)), stderr: (text) => process.stderr.write(forTerminal(text)) },
  { env: process.env, projectDir, outputDir: process.env.INIT_CWD || process.cwd() },
).catch((error: unknown) => {
  console.error(forTerminal(error instanceof UsageError ? error.message : `export failed: ${error instanceof Error ? error.message : String(error)}`));
  process.exit(error instanceof UsageError ? 2 : 1);
});
