/**
 * `npm start`: serves the static export, building it first when there is none.
 * (To be replaced by the API server, which will serve out/ itself.)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { outDir, projectDir } from './export-files';
import { serveFromEnv } from './serve-static';

if (!fs.existsSync(path.join(outDir, 'index.html'))) {
  console.log('out/index.html not found: running npm run build first.');
  const build = spawnSync('npm', ['run', 'build'], { cwd: projectDir, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
serveFromEnv();
