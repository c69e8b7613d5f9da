import nodemailer from 'nodemailer';

/** One alert email: both parts of one language, and where its reader unsubscribes. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** One-click unsubscribe (RFC 8058): mail clients show it beside the sender. Null: no header (a
   * digest about several rules links each rule's unsubscribe in its body). */
  unsubscribeUrl: string | null;
  /** Chosen by the caller and kept across retries, so a receiving server can drop a repeat. */
  messageId?: string;
};

export type MailOutcome =
  | { ok: true; messageId: string; response: string }
  /** `retryable`: the server or the network may take it later (4xx replies, timeouts); a 5xx reply
   * or refused credentials will not change by retrying. */
  | { ok: false; retryable: boolean; code: string; message: string };

export type Mailer = {
  send(message: MailMessage): Promise<MailOutcome>;
  close(): void;
};

export type MailerOptions = {
  smtpUrl: string;
  from: string;
  /** Connection, greeting and idle-socket limits (ms). */
  timeoutMs?: number;
};

type SmtpError = Error & { code?: string; responseCode?: number; response?: string };

/** Sorts a failed send into retry-or-not, keeping the server's own words for the delivery log. */
export function mailFailure(error: unknown): Extract<MailOutcome, { ok: false }> {
  const e = (error instanceof Error ? error : new Error(String(error))) as SmtpError;
  const reply = e.responseCode;
  if (typeof reply === 'number') {
    return { ok: false, retryable: reply < 500, code: `smtp_${reply}`, message: e.response ?? e.message };
  }
  const code = e.code ?? 'network';
  return { ok: false, retryable: code !== 'EAUTH', code: code.toLowerCase(), message: e.message };
}

/** Sends alert email through SMTP_URL with nodemailer: pooled connections, bounded waits. */
export function createMailer({ smtpUrl, from, timeoutMs = 15_000 }: MailerOptions): Mailer {
  // The URL inside the options: given as the first argument alone, the second would be message
  // defaults, and the timeouts would not reach the connection.
  const transport = nodemailer.createTransport(
    {
      url: smtpUrl,
      pool: true,
      maxConnections: 2,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    },
    { from },
  );
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: message.messageId,
          ...(message.unsubscribeUrl
            ? {
                list: { unsubscribe: { url: message.unsubscribeUrl, comment: 'Unsubscribe' } },
                headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
              }
            : {}),
        });
        return { ok: true, messageId: String(info.messageId), response: String(info.response) };
      } catch (error) {
        return mailFailure(error);
      }
    },
    close() {
      transport.close();
    },
  };
}
