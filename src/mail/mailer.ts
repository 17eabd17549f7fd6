import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /**
   * Extra header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on
   * reminder and alert mail. Names and values are ours, never user input.
   */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** Where mail goes: `smtp://host:port` or the mail folder. */
  readonly destination: string;
}

interface Log {
  info(obj: object, msg: string): void;
}

/**
 * Outgoing mail through nodemailer: over SMTP when SMTP_URL is set; otherwise (the embedded
 * default) each message is written as an .eml file to {data dir}/mail and logged with its
 * text, so a local user can still follow a reset link.
 */
export function createMailer(config: Pick<Config, 'mail' | 'dataDir'>, log: Log): Mailer {
  if (config.mail.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(config.mail.smtpUrl);
    const url = new URL(config.mail.smtpUrl);
    return {
      destination: `${url.protocol}//${url.host}`,
      async send(mail) {
        await transport.sendMail(message(config.mail.from, mail));
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const folder = join(config.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: folder,
    async send(mail) {
      const info = await transport.sendMail(message(config.mail.from, mail));
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const file = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^A-Za-z0-9.@-]/g, '')}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to: mail.to, subject: mail.subject, file, text: mail.text }, 'mail written to the mail folder (no SMTP_URL configured)');
    },
  };
}

function message(from: string, mail: OutgoingMail) {
  return { from, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.headers ? { headers: mail.headers } : {}) };
}
