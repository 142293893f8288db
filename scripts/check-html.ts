/**
 * Validates every exported page with the W3C Nu Html Checker (vnu.jar from the vnu-jar package).
 * One JVM run for all files: starting Java dominates the cost.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { assertExportExists, listHtmlFiles, projectDir } from './export-files';

const vnuJar = path.join(projectDir, 'node_modules/vnu-jar/build/dist/vnu.jar');
const java = process.env.JAVA || '/usr/bin/java';

function main(): number {
  assertExportExists();
  if (!fs.existsSync(vnuJar)) throw new Error(`${vnuJar} not found: run npm install.`);

  const htmlFiles = listHtmlFiles();
  const result = spawnSync(java, ['-jar', vnuJar, '--errors-only', '--format', 'gnu', ...htmlFiles], {
    cwd: projectDir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw new Error(`could not run ${java}: ${result.error.message} (set JAVA to a java 11+ binary)`);

  // vnu writes its messages to stderr; paths are made relative for readability.
  const messages = `${result.stdout}${result.stderr}`
    .split('\n')
    .map((line) => line.replace(/^"file:([^"]*)":/, (_whole, file: string) => `${path.relative(projectDir, file)}:`))
    .filter((line) => line.trim() !== '');

  if (result.status !== 0 || messages.length > 0) {
    console.error(messages.join('\n'));
    console.error(`\n${htmlFiles.length} pages checked, ${messages.length} errors`);
    return 1;
  }
  console.log(`${htmlFiles.length} pages checked, 0 errors`);
  return 0;
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(`check-html: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
