import net from 'node:net';

/** HTTP by hand, for what fetch will not send: bytes trickled slowly, malformed URLs, odd framing. */

export type RawAnswer = {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Milliseconds from connecting until the server closed the connection. */
  readonly closedAfterMs: number;
};

/**
 * Connects to `url`'s host and port, writes `chunks` one every `intervalMs` (the first at once),
 * and reads until the server closes the connection.
 */
export function rawRequest(url: string, chunks: ReadonlyArray<string | Buffer>, intervalMs = 0): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(Number(port), hostname);
    const received: Buffer[] = [];
    let next = 0;
    const writeNext = (): void => {
      if (next < chunks.length && !socket.destroyed && socket.writable) socket.write(chunks[next++]!);
      if (next < chunks.length) timer = setTimeout(writeNext, intervalMs);
    };
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', writeNext);
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    // The server may reset a connection it has answered while we were still writing.
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(received).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4), closedAfterMs: performance.now() - started });
    });
  });
}

/** A request's head with Connection: close, so that the server ends the connection after answering. */
export function requestHead(method: string, path: string, headers: Readonly<Record<string, string | number>> = {}): string {
  const lines = Object.entries({ host: 'localhost', connection: 'close', ...headers }).map(([name, value]) => `${name}: ${value}`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

/** A multipart/form-data body of text parts (bytes as given) and at most one file part. */
export function multipartBody(boundary: string, parts: ReadonlyArray<{ name: string; value: string | Buffer; fileName?: string }>): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`;
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: ${disposition}\r\n${part.fileName === undefined ? '' : 'content-type: application/octet-stream\r\n'}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}
