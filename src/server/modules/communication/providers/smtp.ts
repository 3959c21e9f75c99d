/**
 * Email over SMTP with nodemailer (any SMTP relay: SES, SendGrid, Postfix…). The message id the
 * server accepted is kept as the provider id; SMTP has no delivery receipts, so an email stays
 * 'sent' unless a bounce is reported. A document goes as a MIME attachment. A document goes as a MIME attachment.
 */
import nodemailer from 'nodemailer';
import type { ChannelProvider, ProviderMessage, SendOutcome } from './types';
import { ProviderError } from './types';

export interface SmtpOptions {
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  password: string | null;
  from: string;
}

export class SmtpProvider implements ChannelProvider {
  readonly name = 'smtp';
  constructor(private readonly options: SmtpOptions) {}

  async send(message: ProviderMessage): Promise<SendOutcome> {
    const o = this.options;
    const transport = nodemailer.createTransport({
      host: o.host,
      port: o.port,
      secure: o.secure,
      ...(o.user ? { auth: { user: o.user, pass: o.password ?? '' } } : {}),
      // A local relay without TLS (tests, an internal Postfix) is allowed; STARTTLS is used when offered.
      tls: { rejectUnauthorized: o.secure },
      connectionTimeout: 10_000,
    });
    try {
      const a = message.attachment;
      const info = await transport.sendMail({
        from: o.from,
        to: message.to,
        subject: message.subject ?? '',
        text: message.text,
        headers: { 'X-Recovery-Ops-Message-Id': message.messageId },
        ...(a ? { attachments: [{ filename: a.fileName, content: a.bytes, contentType: a.contentType }] } : {}),
      });
      return { provider: this.name, providerMessageId: info.messageId, status: 'sent', receipts: [] };
    } catch (err) {
      throw new ProviderError(`The SMTP server refused the email: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      transport.close();
    }
  }
}
