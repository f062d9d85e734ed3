import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The one link the message is about (tests follow it); never logged: it may carry a token. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise each message is written whole to DATA_DIR/outbox as a .json file and the file's path logged. */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    // nodemailer (a tenth of the server's code) loads with the first e-mail, not at every start.
    let transport: Promise<Transporter> | undefined;
    return {
      async send(message) {
        transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
        await (await transport).sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      },
    };
  }
  return {
    async send(message) {
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const nome = `${stamp}-${Math.random().toString(36).slice(2, 8)}`;
      const file = path.join(options.outboxDir, `${nome}.json`);
      // Written aside, then renamed: whoever reads the outbox's *.json files never finds half an e-mail.
      const parte = path.join(options.outboxDir, `.${nome}.parte`);
      await writeFile(parte, JSON.stringify({ from: options.from, ...message, createdAt: new Date().toISOString() }, null, 2));
      await rename(parte, file);
      // The file holds the recipient and the link (a reset token): the log says only where it is.
      options.log.info({ file }, `e-mail written to the outbox: ${message.subject}`);
    },
  };
}
