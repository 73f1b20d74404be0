import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export type OutgoingMail = { to: string; subject: string; text: string; html: string };

export type Mailer = { send(mail: OutgoingMail): Promise<void> };

/**
 * SMTP when SMTP_URL is set; otherwise every message is written to the outbox folder, as an .eml
 * file a developer can open and a .json file tests read.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  outboxDir: string;
  from: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ from: options.from, ...mail });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}`;
      await mkdir(options.outboxDir, { recursive: true });
      await writeFile(path.join(options.outboxDir, `${name}.eml`), info.message as Buffer);
      await writeFile(
        path.join(options.outboxDir, `${name}.json`),
        JSON.stringify({ from: options.from, ...mail, sentAt: new Date().toISOString() }, null, 2),
      );
    },
  };
}
