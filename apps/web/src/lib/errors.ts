import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { TOAST_MS } from '@wop/shared/constants';
import { createElement, useSyncExternalStore } from 'react';
import { ApiError } from './api.ts';
import { i18n } from './i18n.ts';
import { playErrorSound } from './sound.ts';

/**
 * The one place that turns a failure into what the user sees (spec 8):
 * a toast "Error {status} - {message}" (4 s, top right, red, with a sound) and, for a
 * 422, the per-field messages a form shows under its field labels.
 */

export interface ErrorReport {
  /** The toast text, e.g. "Error 404 - Order not found." or "Error - The name is required." */
  text: string;
  /** HTTP status; 0 when no response arrived (a lost connection). */
  status: number;
  /** 422 only: the first message of each field, ending with a full stop. */
  fieldErrors: Record<string, string>;
  /** 422 only: every message of every field, in order (for an alert listing them all). */
  messages: string[];
  /** 422 only: every message, per field. */
  fieldMessages: Record<string, string[]>;
}

type Json = Record<string, unknown>;

const asObject = (value: unknown): Json | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
const asText = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** Field errors live in `errors`, or `payload.errors` (older answers), as `{ field: [messages] }`. */
function readFieldErrors(body: Json | null): Record<string, string[]> {
  const source = asObject(body?.errors) ?? asObject(asObject(body?.payload)?.errors);
  const result: Record<string, string[]> = {};
  if (!source) return result;
  for (const [field, value] of Object.entries(source)) {
    const list = (Array.isArray(value) ? value : [value]).map(asText).filter((m): m is string => m !== null);
    if (list.length > 0) result[field] = list;
  }
  return result;
}

/** A field message shown under its label ends with exactly one full stop (spec 5). */
export function asSentence(message: string): string {
  const trimmed = message.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

const t = (key: string) => i18n.t(key, { ns: 'common' });
/** "Error {status} - {message}" in the interface language. */
const errorText = (status: number, message: string) => i18n.t('toast.error', { ns: 'common', status, message });

export function describeError(error: unknown): ErrorReport {
  const empty = { fieldErrors: {}, messages: [], fieldMessages: {} };
  if (!(error instanceof ApiError)) {
    const message = error instanceof Error ? error.message : String(error);
    return { ...empty, status: 500, text: errorText(500, message) };
  }
  // No answer at all: a lost connection, said as such in the user's language (ux.md), not as a server
  // error: no server answered 500, and the browser's own words ("Failed to fetch") are English.
  if (error.status === null) return { ...empty, status: 0, text: t('errors.connectionLost') };
  if (error.text?.trimStart().startsWith('<')) {
    return { ...empty, status: 500, text: errorText(500, t('errors.serverError')) };
  }

  const body = asObject(error.body);
  const bodyMessage = asText(body?.message);
  const payloadMessage = asText(asObject(body?.payload)?.message);
  const fallback = asText(error.text) ?? t('errors.unknown');
  const { status } = error;

  switch (status) {
    case 400:
      return { ...empty, status, text: errorText(status, bodyMessage ?? payloadMessage ?? fallback) };
    case 401:
      // Outside the login form a 401 means the session ended: said in words, never as a code.
      return { ...empty, status, text: t('errors.sessionExpired') };
    case 403:
      return { ...empty, status, text: errorText(403, bodyMessage ?? t('errors.forbidden')) };
    case 404:
    case 409:
      return { ...empty, status, text: errorText(status, bodyMessage ?? fallback) };
    case 422: {
      const fields = readFieldErrors(body);
      const entries = Object.entries(fields);
      const fieldErrors = Object.fromEntries(entries.map(([field, list]) => [field, asSentence(list[0])]));
      const messages = entries.flatMap(([, list]) => list);
      // The toast names the last field's message (spec 8), else the body's message.
      const last = entries.at(-1)?.[1][0];
      const text = last ?? bodyMessage ?? payloadMessage ?? fallback;
      return {
        status,
        fieldErrors,
        fieldMessages: fields,
        messages,
        text: i18n.t('toast.validation', { ns: 'common', message: text }),
      };
    }
    case 500: {
      const firstField = Object.values(readFieldErrors(body))[0]?.[0];
      const text = asText(body?.error) ?? firstField ?? bodyMessage ?? t('errors.serverError');
      return { ...empty, status, text: errorText(500, text) };
    }
    default:
      return { ...empty, status, text: errorText(status, bodyMessage ?? payloadMessage ?? fallback) };
  }
}

/**
 * The toast library and its container load with the first toast, not with any page: a toast raised
 * before the container is drawn waits in the library's store. The service worker keeps the chunk for
 * offline use (vite.config.ts).
 */
let toastsWanted = false;
const toastListeners = new Set<() => void>();
const toasts = () => {
  if (!toastsWanted) {
    toastsWanted = true;
    for (const listener of toastListeners) listener();
  }
  return import('@mantine/notifications').then((module) => module.notifications);
};

/** Whether a toast has been raised yet: the providers draw the toast container from then on. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      toastListeners.add(listener);
      return () => toastListeners.delete(listener);
    },
    () => toastsWanted,
  );
}

/** Only one notification at a time (spec 8): the newest replaces whatever is showing. */
function show(color: string, message: string, icon: typeof IconCheck): void {
  void toasts().then((notifications) => showWith(notifications, color, message, icon));
}

function showWith(
  notifications: Awaited<ReturnType<typeof toasts>>,
  color: string,
  message: string,
  icon: typeof IconCheck,
): void {
  notifications.clean();
  notifications.show({
    color,
    message,
    icon: createElement(icon, { size: 18, 'aria-hidden': true }),
    autoClose: TOAST_MS,
    position: 'top-right',
    withCloseButton: true,
    // The close button is an icon: screen readers need its name.
    closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
  });
}

/**
 * Shows the error toast (with its sound) and returns what was shown, field errors included. A 401
 * shows no toast: the session has ended and the login page, where the user lands, says so.
 */
export function notifyError(error: unknown): ErrorReport {
  const report = describeError(error);
  if (report.status === 401) return report;
  show('red', report.text, IconAlertCircle);
  playErrorSound();
  return report;
}

/** "Success - {message}" from a string or from an answer's `message`. */
export function notifySuccess(
  source: string | { message?: string | null; payload?: unknown } | null | undefined,
): void {
  const payloadMessage = asText(asObject(typeof source === 'string' ? null : source?.payload)?.message);
  const message = typeof source === 'string' ? source : (source?.message ?? payloadMessage);
  show('teal', i18n.t('toast.success', { ns: 'common', message: message || t('done') }), IconCheck);
}

/**
 * Chat, seen-marking and upload (spec 8): a 422 shows its FIRST message prefixed with the code,
 * "Error 422 - {first message}"; any other failure as `notifyError`.
 */
export function notifyErrorWithCode(error: unknown): ErrorReport {
  const report = describeError(error);
  if (report.status !== 422) return notifyError(error);
  const first = report.messages[0] ?? report.text;
  const shown = { ...report, text: errorText(422, first) };
  show('red', shown.text, IconAlertCircle);
  playErrorSound();
  return shown;
}
