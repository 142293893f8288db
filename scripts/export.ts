/** `npm run export -- --form <name> …` / `--file <id>` (see src/server/export/cli.ts). */
import { runExportCommand, UsageError } from '../src/server/export/cli';
import { projectDir } from './export-files';

runExportCommand(
  process.argv.slice(2),
  { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) },
  { env: process.env, projectDir, outputDir: process.env.INIT_CWD || process.cwd() },
).catch((error: unknown) => {
  console.error(error instanceof UsageError ? error.message : `export failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
