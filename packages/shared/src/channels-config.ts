import { z } from 'zod';

/** Alert channels' environment variables, read by the server (a webhook's "send test") and every
 * worker that delivers alerts, so both parse one schema. */
export const channelsConfigSchema = z.object({
  /** Where alert email goes out: smtp://user:pass@host:587 or smtps://host:465. Unset: email is
   * off, and the console says so where a user would choose it. */
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The From of alert email. */
  MAIL_FROM: z.string().trim().min(3).max(200).default('PrecioFab <alertas@preciofab.local>'),
  /** The console's address as users reach it, for the evidence and unsubscribe links in email. */
  PUBLIC_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// URL')
    .transform((v) => v.replace(/\/+$/, ''))
    .default('http://localhost:3000'),
});

export type ChannelsConfig = z.infer<typeof channelsConfigSchema>;
