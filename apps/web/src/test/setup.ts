import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { LOCALES } from '@wop/shared/constants';
import { afterEach, beforeEach, vi } from 'vitest';
import { setAppTimeZone } from '../lib/app-config.ts';
import '../lib/dayjs-locale.ts';
import { i18n, loadLanguage } from '../lib/i18n.ts';
import { setLive } from '../lib/live-status.ts';

// Lazy page chunks are compiled on first use; give them time on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that Mantine uses.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => undefined;
window.scrollTo = (() => undefined) as typeof window.scrollTo;

// Tests switch languages at will: every translation is in from the start.
await Promise.all(LOCALES.map((lng) => loadLanguage(lng)));

// Files share a worker's modules (vite.config.ts, isolate: false): each test starts as a page just opened.
beforeEach(async () => {
  window.localStorage.clear();
  setAppTimeZone(null);
  setLive(false);
  // The toasts live in the UI kit's own store: one left by the last test would still show.
  notifications.clean();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
