/**
 * The alert digest e-mail (issue 17): one per user, market and session, in the user's language,
 * as plain text and HTML. The texts are the `email`, `change` and `signal` keys of
 * public/locales/{nb,en}/alerts.json, the same files the interface reads.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { Signal } from '@/lib/constants';
import { notificationLineText, type LineTranslate } from '@/lib/notificationText';
import { isPriceAlertChange, isSignalChange, type NotificationChangeDto } from '@/lib/types/signals';
import type { MailMessage } from './mailer';

export type MailLanguage = 'nb' | 'en';

type Texts = {
  email: Record<string, string>;
  change: Record<string, string> & { price: Record<'above' | 'below', string> };
  signal: Record<Signal, string>;
};

const textsCache = new Map<MailLanguage, Texts>();

function texts(language: MailLanguage): Texts {
  let t = textsCache.get(language);
  if (!t) {
    const file = path.join(process.cwd(), 'public', 'locales', language, 'alerts.json');
    t = JSON.parse(fs.readFileSync(file, 'utf8')) as Texts;
    textsCache.set(language, t);
  }
  return t;
}

/** A dotted key ("change.exDate", "patterns:kind.rectangle") looked up in a JSON tree. */
function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const translators = new Map<MailLanguage, LineTranslate>();

/** i18next's t() for the e-mail: the `alerts` namespace, and `patterns:` keys from patterns.json. */
function translator(language: MailLanguage): LineTranslate {
  let tr = translators.get(language);
  if (!tr) {
    const read = (ns: string) =>
      JSON.parse(
        fs.readFileSync(path.join(process.cwd(), 'public', 'locales', language, `${ns}.json`), 'utf8'),
      );
    const alerts = read('alerts') as unknown;
    const patterns = read('patterns') as unknown;
    tr = (key, values = {}) => {
      const text = key.startsWith('patterns:') ? lookup(patterns, key.slice(9)) : lookup(alerts, key);
      return fill(text ?? key, values);
    };
    translators.set(language, tr);
  }
  return tr;
}

/** 'en' for English, else Norwegian (the default language). */
export function mailLanguage(language: string | null | undefined): MailLanguage {
  return language === 'en' ? 'en' : 'nb';
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(values[key] ?? ''));
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface DigestItem {
  tickerId: number;
  symbol: string;
  name: string;
  /** The share's trading currency (prices of its lines). */
  currency: string;
  changes: NotificationChangeDto[];
}

export interface DigestInput {
  to: string;
  language: MailLanguage;
  firstName: string;
  session: string;
  marketName: string;
  items: DigestItem[];
  /** Where the app is, e.g. https://trendvakt.no (no trailing slash). */
  baseUrl: string;
  unsubscribeToken: string;
}

/** The digest message. Links go to each analysis page and to the unsubscribe page. */
export function buildDigestMessage(input: DigestInput): MailMessage {
  const t = texts(input.language);
  const prefix = input.language === 'en' ? '/en' : '';
  const link = (tickerId: number) =>
    `${input.baseUrl}${prefix}/market/analysis?tickerID=${tickerId}&timeframe=2`;
  const unsubscribeUrl = `${input.baseUrl}${prefix}/unsubscribe?token=${encodeURIComponent(input.unsubscribeToken)}`;
  const count = input.items.length;
  const subject = fill(count === 1 ? t.email.subject_one : t.email.subject_other, {
    count,
    date: input.session,
  });
  const greeting = input.firstName
    ? fill(t.email.greeting, { name: input.firstName })
    : t.email.greetingNoName;
  const intro = fill(t.email.intro, { date: input.session, market: input.marketName });
  const changeText = (c: NotificationChangeDto, currency: string) => {
    if (isPriceAlertChange(c)) {
      return fill(t.change.price[c.direction], { price: String(c.price), close: String(c.close) });
    }
    if (isSignalChange(c)) {
      return fill(c.timeframe === 'overall' ? t.change.overall : t.change.medium, {
        previous: t.signal[c.previous_signal],
        signal: t.signal[c.signal],
      });
    }
    // Ex-dates (issue 41) and patterns (issue 42): the app's own words and number formats.
    return notificationLineText(translator(input.language), c, { currency, locale: input.language });
  };

  const textItems = input.items.map(
    (item) =>
      `* ${item.name} (${item.symbol})\n${item.changes.map((c) => `  - ${changeText(c, item.currency)}`).join('\n')}\n  ${t.email.open}: ${link(item.tickerId)}`,
  );
  const text = [
    greeting,
    '',
    intro,
    '',
    ...textItems,
    '',
    t.email.footer,
    t.email.why,
    `${t.email.unsubscribe}: ${unsubscribeUrl}`,
    '',
  ].join('\n');

  const htmlItems = input.items
    .map(
      (item) =>
        `<li><a href="${escapeHtml(link(item.tickerId))}">${escapeHtml(item.name)} (${escapeHtml(item.symbol)})</a>` +
        `<ul>${item.changes.map((c) => `<li>${escapeHtml(changeText(c, item.currency))}</li>`).join('')}</ul></li>`,
    )
    .join('');
  const html =
    `<!doctype html><html lang="${input.language}"><body style="font-family:sans-serif">` +
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><ul>${htmlItems}</ul>` +
    `<p style="color:#555">${escapeHtml(t.email.footer)}<br>${escapeHtml(t.email.why)}</p>` +
    `<p><a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(t.email.unsubscribe)}</a></p></body></html>`;

  return {
    to: input.to,
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` },
  };
}
