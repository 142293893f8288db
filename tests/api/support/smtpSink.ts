import { SMTPServer } from 'smtp-server';
import { listenInRange } from '../../../scripts/support/ports';

/**
 * A local SMTP server that keeps every message it accepts. `down()` closes it (connections are
 * refused, as in an outage); `up()` listens again on the same port.
 */
export type ReceivedEmail = {
  readonly envelopeTo: string[];
  /** Header names in lower case, encoded words decoded. */
  readonly headers: Readonly<Record<string, string>>;
  /** The decoded text body. */
  readonly text: string;
  readonly raw: string;
};

export type SmtpSink = { readonly url: string; readonly received: ReceivedEmail[]; down(): Promise<void>; up(): Promise<void>; close(): Promise<void> };

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=), as nodemailer writes them. */
function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, encoding: string, data: string) =>
    encoding.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

export function parseEmail(raw: string, envelopeTo: string[]): ReceivedEmail {
  const split = raw.indexOf('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const body = raw.slice(split + 4);
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  const text = encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
  return { envelopeTo, headers, text: text.replace(/\r\n/g, '\n'), raw };
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedEmail[] = [];
  const create = (): SMTPServer =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(parseEmail(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((address) => address.address)));
          callback();
        });
      },
    });
  // SMTPServer re-emits its socket server's errors as its own: a port in use must reach the promise there, or the
  // re-emitted error has no listener and ends the test file (another file's server may hold the range's first port).
  const listen = (server: SMTPServer, port: number): Promise<void> =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  let server = create();
  const port = await listenInRange((candidate) => listen(server, candidate));
  let running = true;
  const close = (): Promise<void> =>
    running ? new Promise((resolve) => server.close(() => ((running = false), resolve()))) : Promise.resolve();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    down: close,
    up: async () => {
      server = create();
      await listen(server, port);
      running = true;
    },
    close,
  };
}
