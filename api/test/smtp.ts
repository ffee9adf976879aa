/**
 * A real SMTP server for tests (smtp-server), which parses what it receives (mailparser) and can be
 * told to refuse the next messages, as a failing provider would.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  received: ParsedMail[];
  /** Refuses the next `count` messages with a temporary error (451). */
  refuseNext(count: number): void;
  /** Waits until `count` messages in all have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  to(address: string): ParsedMail[];
  clear(): void;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  let refuse = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuse > 0) {
          refuse -= 1;
          const error = Object.assign(new Error('Service momentanément indisponible'), { responseCode: 451 });
          return callback(error);
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const addresses = (mail: ParsedMail) =>
    (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count) {
      refuse = count;
    },
    async waitFor(count, timeoutMs = 5000) {
      const end = Date.now() + timeoutMs;
      while (received.length < count && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      return received;
    },
    to: (address) => received.filter((mail) => addresses(mail).includes(address)),
    clear() {
      received.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
