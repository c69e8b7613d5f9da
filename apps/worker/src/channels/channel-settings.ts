import { channelsConfigSchema, type ChannelsConfig } from '@preciofab/shared/channels-config';
import { createMailer, type Mailer } from './mailer.ts';

/** What the alert channels need of the configuration (SMTP_URL, MAIL_FROM, PUBLIC_URL). */
export type ChannelSettings = {
  /** null: email is off, and email deliveries are `skipped`. */
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
};

export function channelSettings(c: ChannelsConfig): ChannelSettings {
  return { smtpUrl: c.SMTP_URL ?? null, mailFrom: c.MAIL_FROM, publicUrl: c.PUBLIC_URL };
}

let fromEnv: ChannelSettings | undefined;

/** Settings from the environment (a runner not given them), read once; a bad value throws with
 * the variable's name. */
export function channelSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ChannelSettings {
  if (fromEnv && env === process.env) return fromEnv;
  const parsed = channelsConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const settings = channelSettings(parsed.data);
  if (env === process.env) fromEnv = settings;
  return settings;
}

const mailers = new Map<string, Mailer>();

/** One pooled mailer per SMTP server and sender for the whole process. */
export function mailerFor(settings: ChannelSettings): Mailer | null {
  if (!settings.smtpUrl) return null;
  const key = `${settings.smtpUrl}\n${settings.mailFrom}`;
  let mailer = mailers.get(key);
  if (!mailer) {
    mailer = createMailer({ smtpUrl: settings.smtpUrl, from: settings.mailFrom });
    mailers.set(key, mailer);
  }
  return mailer;
}

/** Closes every mailer (a stopping process, the end of a test file). */
export function closeMailers(): void {
  for (const m of mailers.values()) m.close();
  mailers.clear();
}
