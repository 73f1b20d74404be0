import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Sent on behalf of a council: its name shown as the sender, and its own address when it has one. */
  sender?: { name: string; address?: string | undefined };
  replyTo?: string | undefined;
  /** Files sent with the message (a submission's PDF receipt). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

/** The address inside MAIL_FROM (`Planning <no-reply@x>` or a bare address). */
const addressOf = (from: string) => from.match(/<([^>]+)>/)?.[1] ?? from.trim();

/** A display name is one header line: no line breaks, no quotes or angle brackets to escape. */
const displayName = (name: string) => name.replace(/[\r\n"<>\\]/g, ' ').trim();

/** What nodemailer sends, and the same From as one line for the outbox's .json. */
function envelope(defaultFrom: string, mail: OutgoingMail) {
  const { sender, replyTo, ...rest } = mail;
  const from = sender
    ? { name: displayName(sender.name), address: sender.address ?? addressOf(defaultFrom) }
    : defaultFrom;
  const fromLine = typeof from === 'string' ? from : `"${from.name}" <${from.address}>`;
  return { message: { ...rest, from, ...(replyTo ? { replyTo } : {}) }, fromLine, replyTo };
}

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
        await transport.sendMail(envelope(options.from, mail).message);
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const { message, fromLine, replyTo } = envelope(options.from, mail);
      const info = await transport.sendMail(message);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}`;
      await mkdir(options.outboxDir, { recursive: true });
      await writeFile(path.join(options.outboxDir, `${name}.eml`), info.message as Buffer);
      await writeFile(
        path.join(options.outboxDir, `${name}.json`),
        JSON.stringify(
          {
            ...message,
            from: fromLine,
            ...(replyTo ? { replyTo } : {}),
            // The files as base64, for tests to read (the .eml holds them as sent).
            ...(message.attachments
              ? {
                  attachments: message.attachments.map((file) => ({
                    filename: file.filename,
                    contentType: file.contentType,
                    content: file.content.toString('base64'),
                  })),
                }
              : {}),
            sentAt: new Date().toISOString(),
          },
          null,
          2,
        ),
      );
    },
  };
}
