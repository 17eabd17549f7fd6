import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps every message it receives (tests of outgoing mail). */
export class SmtpSink {
  readonly messages: CapturedMail[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        this.messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.url = `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The first link in the newest message to this address (quoted-printable soft breaks undone). */
  async linkFor(to: string, path: string): Promise<string> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mail = [...this.messages].reverse().find((m) => m.to.includes(to));
      if (mail) {
        const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        const m = new RegExp(`https?://[^\\s]*${path.replace(/[/?]/g, '\\$&')}[^\\s]*`).exec(body);
        if (m) return m[0];
      }
      if (Date.now() > deadline)
        throw new Error(`no mail with ${path} to ${to} (received: ${this.messages.map((m) => m.to.join(',')).join('; ') || 'nothing'})`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
