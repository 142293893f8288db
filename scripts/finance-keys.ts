/** `npm run finance-keys -- rotate | status` (see src/server/cli/financeKeys.ts). */
import { ConfigError } from '../src/server/config';
import { FinanceKeysUsageError, runFinanceKeysCommand } from '../src/server/cli/financeKeys';
import { projectDir } from './export-files';

runFinanceKeysCommand(process.argv.slice(2), process.env, projectDir).then(
  (lines) => console.log(lines.join('\n')),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(error instanceof FinanceKeysUsageError || error instanceof ConfigError ? 2 : 1);
  },
);
