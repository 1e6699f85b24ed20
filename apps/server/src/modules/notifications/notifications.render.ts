import type { Locale } from '@wop/shared/constants';
import { formatMoney } from '@wop/shared/money';
import type { NotificationType } from '@wop/shared/notifications';
import { translate } from '../../i18n/index.ts';
import { statusLabel } from '../orderstatus/orderstatus.labels.ts';

/** What a notification remembers of the change; texts are made from it in the reader's language. */
export interface NotificationParams {
  project_number: number;
  store: string;
  author: string;
  excerpt: string;
  approval?: string;
  status?: string;
  status_title?: string;
  /** `fixed` or `not_fixed`, with the follow-up order's number when not fixed. */
  signoff?: string;
  recall?: string;
  /** A repeat failure: the asset (name and tag) and the earlier order's number. */
  asset?: string;
  repeat_of?: string;
  /** A quote: its total in minor units and currency, whether it went to the chain-admins, the decision. */
  amount_minor?: string;
  currency?: string;
  escalated?: string;
  decision?: string;
  /** A skipped occurrence of a maintenance plan: the plan's title and the day. */
  plan?: string;
  day?: string;
}

export function renderNotification(locale: Locale, type: NotificationType, p: NotificationParams) {
  const status = p.status ? statusLabel(locale, p.status, p.status_title ?? p.status) : '';
  const values = {
    number: p.project_number,
    store: p.store,
    author: p.author,
    excerpt: p.excerpt,
    status,
    recall: p.recall ?? '',
    asset: p.asset ?? '',
    repeat_of: p.repeat_of ?? '',
    plan: p.plan ?? '',
    day: p.day ?? '',
    amount: p.amount_minor && p.currency ? formatMoney(Number(p.amount_minor), p.currency, locale) : '',
  };
  const key =
    type === 'approval'
      ? `${type}.${p.approval}`
      : type === 'signoff'
        ? `${type}.${p.signoff}`
        : type === 'quote'
          ? `${type}.${p.escalated === 'yes' ? 'escalated' : 'submitted'}`
          : type === 'quote_decided'
            ? `${type}.${p.decision}`
            : type;
  return {
    title: translate(locale, `notifications.title.${key}`, values),
    body: translate(locale, `notifications.body.${key}`, values),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The e-mail of a notification: plain text and simple HTML, with a link to the order. */
export function renderMail(
  locale: Locale,
  type: NotificationType,
  params: NotificationParams,
  orderId: number,
  publicUrl: string,
) {
  const { title, body } = renderNotification(locale, type, params);
  const link = `${publicUrl.replace(/\/+$/, '')}/orders/${orderId}`;
  const open = translate(locale, 'notifications.mail.open');
  const footer = translate(locale, 'notifications.mail.footer');
  return {
    subject: title,
    text: `${body}\n\n${open}: ${link}\n\n--\n${footer}\n`,
    html: `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">
<h2 style="font-size:18px">${escapeHtml(title)}</h2>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(open)}</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>
</body></html>`,
  };
}
