import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { listenInRange } from '../../../scripts/support/ports';

const projectDir = path.resolve(__dirname, '../../..');

export type CommandResult = { code: number | null; stdout: string; stderr: string };

/** `npm run <script> -- <args>` as an operator types it, in its own process, with extra environment. */
export function npmRun(script: string, args: readonly string[], env: Readonly<Record<string, string>>): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: projectDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A port of this checkout's range that nothing listens on now, for a server started in another process. */
export async function freePortInRange(): Promise<number> {
  const probe = net.createServer();
  const port = await listenInRange((candidate) => new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(candidate, '127.0.0.1', () => resolve());
  }), probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
