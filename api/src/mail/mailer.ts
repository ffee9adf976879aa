/**
 * Outgoing mail: through SMTP when SMTP_URL is set; otherwise written as .eml files to
 * DATA_DIR/outbox and logged, so a developer (and the tests) can follow the links.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
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
  /** Extra headers (List-Unsubscribe of an optional mail). */
  headers?: Record<string, string>;
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
      const id = mailLogId(mail);
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}-${mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      // The log names the mail, never its address (issue 26: nothing personal outlives an erasure).
      options.log(`Email ${id} écrit dans ${dir}`);
    },
  };
}

/** `mail-12` for the queue's row 12 (its Message-ID), else a random `direct-…` id (password reset). */
export function mailLogId(mail: Pick<Mail, 'messageId'>): string {
  const queued = /^<(mail-\d+)@/.exec(mail.messageId ?? '');
  return queued?.[1] ?? `direct-${randomBytes(6).toString('hex')}`;
}

/**
 * Removes from the outbox the files of an erased person: the queue's mails `mailIds` (to them, or
 * naming them to someone else) and any file addressed to `address` (the password reset mails).
 * Returns how many files went.
 */
export async function eraseOutboxFiles(dataDir: string, mailIds: number[], address: string): Promise<number> {
  const dir = outboxDir(dataDir);
  let files: string[];
  try {
    files = await readdir(dir);
  } catch {
    return 0;
  }
  const ids = new Set(mailIds.map((id) => `mail-${id}`));
  const suffix = `-${address.toLowerCase().replace(/[^a-zA-Z0-9@._-]/g, '_')}.eml`;
  const doomed = files.filter((file) => {
    const id = /^[^Z]+Z-((?:mail|direct)-[0-9a-f]+)-/.exec(file)?.[1];
    return (id !== undefined && ids.has(id)) || file.toLowerCase().endsWith(suffix);
  });
  await Promise.all(doomed.map((file) => rm(path.join(dir, file), { force: true })));
  return doomed.length;
}
