/**
 * `npm start`'s server as a child process, for the crash test and the load script: one Node
 * process (tsx as a loader, not as a wrapper), so that a SIGKILL hits the server itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectDir } from './export-files';

export type ServerProcess = {
  readonly url: string;
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  /** Everything the server has written to stdout (its log) so far. */
  output(): string;
};

export async function startServerProcess(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectDir, 'scripts/start.ts')], {
    cwd: projectDir,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} while starting`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child, exited, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start within 60 s');
}
