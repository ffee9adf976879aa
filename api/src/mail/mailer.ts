/**
 * Outgoing mail: through SMTP when SMTP_URL is set; otherwise written as .eml files to
 * DATA_DIR/outbox and logged, so a developer (and the tests) can follow the links.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Stable id for a queued mail, so a receiving server can recognise a resend. */
  messageId?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

export function createMailer(options: { smtpUrl: string | null; from: string; dataDir: string; log: (message: string) => void }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  // No SMTP: nodemailer's stream transport builds the real message, which is kept in the outbox.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      const dir = outboxDir(options.dataDir);
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_')}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log(`Email pour ${mail.to} écrit dans ${file}`);
    },
  };
}
