import { alertEvidencePath, alertText, escapeHtml } from '@preciofab/shared/alert-text';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import type { Language } from '@preciofab/shared/catalogue';
import type { AlertData, AlertKind } from '@preciofab/shared/contracts/alerts';
import { translate, MESSAGE_LOCALES } from '@preciofab/shared/i18n/messages';

/** One alert as an email or a digest line shows it. */
export type EmailAlert = {
  kind: AlertKind;
  data: AlertData;
  ruleName: string;
  createdAt: Date;
  /** The subscription's one-click token; null when the user has none for the rule any more. */
  unsubscribeToken: string | null;
};

/** `unsubscribeUrl`: the one-click address for the List-Unsubscribe header, when the email is about
 * one rule (a digest of several rules has a link per rule in its body instead). */
export type RenderedEmail = { subject: string; text: string; html: string; unsubscribeUrl: string | null };

/** Where a mail client's one-click POST goes (RFC 8058): the API itself. */
export const oneClickUrl = (publicUrl: string, token: string) =>
  `${publicUrl}${pathOf(API_ROUTES.unsubscribe, { token })}`;
/** The console's page a reader opens from the email's text. */
export const unsubscribePageUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;

const wrap = (lang: Language, body: string) =>
  `<!doctype html><html lang="${MESSAGE_LOCALES[lang]}"><head><meta charset="utf-8"></head>` +
  `<body style="font-family:system-ui,sans-serif;color:#1f2933;max-width:640px">${body}</body></html>`;

const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;

function alertParts(lang: Language, alert: EmailAlert, publicUrl: string) {
  const { title, text } = alertText(lang, alert.kind, alert.data);
  const evidence = `${publicUrl}${alertEvidencePath(alert.kind, alert.data)}`;
  const unsubscribe = alert.unsubscribeToken ? unsubscribePageUrl(publicUrl, alert.unsubscribeToken) : null;
  return {
    title,
    text,
    evidence,
    unsubscribe,
    rule: translate(lang, 'alert_email.rule', { rule: alert.ruleName }),
  };
}

/** One alert's email in the reader's language: the change, its evidence and the unsubscribe link;
 * every value that reaches the HTML part is escaped. */
export function renderAlertEmail(lang: Language, alert: EmailAlert, publicUrl: string): RenderedEmail {
  const p = alertParts(lang, alert, publicUrl);
  const evidenceLabel = translate(lang, 'alert_email.evidence');
  const unsubscribeLabel = translate(lang, 'alert_email.unsubscribe');
  const footer = translate(lang, 'alert_email.footer');
  const text = [
    p.title,
    '',
    p.text,
    p.rule,
    '',
    `${evidenceLabel}: ${p.evidence}`,
    '',
    footer,
    ...(p.unsubscribe ? [`${unsubscribeLabel}: ${p.unsubscribe}`] : []),
  ].join('\n');
  const html = wrap(
    lang,
    `<h2>${escapeHtml(p.title)}</h2><p>${escapeHtml(p.text)}</p><p>${escapeHtml(p.rule)}</p>` +
      `<p>${link(p.evidence, evidenceLabel)}</p><hr><p style="font-size:12px;color:#616e7c">` +
      `${escapeHtml(footer)}${p.unsubscribe ? ` ${link(p.unsubscribe, unsubscribeLabel)}` : ''}</p>`,
  );
  return {
    subject: translate(lang, 'alert_email.subject', { title: p.title }),
    text,
    html,
    unsubscribeUrl: alert.unsubscribeToken ? oneClickUrl(publicUrl, alert.unsubscribeToken) : null,
  };
}

/** Most alerts a digest lists; the rest are counted ("and 12 more in the console"). */
export const DIGEST_MAX_ITEMS = 50;

/** One user's daily digest: every waiting alert (up to DIGEST_MAX_ITEMS), each with its evidence
 * and its rule's unsubscribe link. */
export function renderDigestEmail(
  lang: Language,
  alerts: readonly EmailAlert[],
  localDate: string,
  publicUrl: string,
): RenderedEmail {
  const shown = alerts.slice(0, DIGEST_MAX_ITEMS);
  const more = alerts.length - shown.length;
  const date = new Intl.DateTimeFormat(MESSAGE_LOCALES[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${localDate}T12:00:00Z`),
  );
  const intro = translate(lang, 'alert_email.digest_intro', { date });
  const evidenceLabel = translate(lang, 'alert_email.evidence');
  const unsubscribeLabel = translate(lang, 'alert_email.unsubscribe');
  const parts = shown.map((a) => alertParts(lang, a, publicUrl));
  const moreText = more > 0 ? translate(lang, 'alert_email.digest_more', { count: more }) : null;
  const consoleUrl = `${publicUrl}/notifications`;
  const openLabel = translate(lang, 'alert_email.open_console');
  const text = [
    intro,
    '',
    ...parts.flatMap((p) => [
      `- ${p.title}: ${p.text}`,
      `  ${p.rule}`,
      `  ${evidenceLabel}: ${p.evidence}`,
      ...(p.unsubscribe ? [`  ${unsubscribeLabel}: ${p.unsubscribe}`] : []),
      '',
    ]),
    ...(moreText ? [moreText, ''] : []),
    `${openLabel}: ${consoleUrl}`,
  ].join('\n');
  const items = parts
    .map(
      (p) =>
        `<li><strong>${escapeHtml(p.title)}</strong>: ${escapeHtml(p.text)}<br>` +
        `<small>${escapeHtml(p.rule)} · ${link(p.evidence, evidenceLabel)}` +
        `${p.unsubscribe ? ` · ${link(p.unsubscribe, unsubscribeLabel)}` : ''}</small></li>`,
    )
    .join('');
  const html = wrap(
    lang,
    `<p>${escapeHtml(intro)}</p><ul>${items}</ul>${moreText ? `<p>${escapeHtml(moreText)}</p>` : ''}` +
      `<p>${link(consoleUrl, openLabel)}</p>`,
  );
  const tokens = new Set(alerts.map((a) => a.unsubscribeToken));
  const onlyToken = tokens.size === 1 ? [...tokens][0] : null;
  return {
    subject: translate(lang, 'alert_email.digest_subject', { count: alerts.length }),
    text,
    html,
    unsubscribeUrl: onlyToken ? oneClickUrl(publicUrl, onlyToken) : null,
  };
}
