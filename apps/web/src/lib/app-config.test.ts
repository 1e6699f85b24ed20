import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  vi.resetModules();
});

describe('APP_TIMEZONE', () => {
  it('is kept in the browser, so that times offline are shown in it as online', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ payload: { timezone: 'Europe/Helsinki' } }))),
    );
    const online = await import('./app-config.ts');
    await online.loadAppConfig();
    expect(online.appTimeZone()).toBe('Europe/Helsinki');

    // A reload without network: the answer never comes, the zone last heard is used from the start.
    vi.resetModules();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const offline = await import('./app-config.ts');
    expect(offline.appTimeZone()).toBe('Europe/Helsinki');
    await offline.loadAppConfig();
    expect(offline.appTimeZone()).toBe('Europe/Helsinki');
  });

  it('checks the kept zone in a task after start-up, not in the start-up script', async () => {
    window.localStorage.setItem('wop.time_zone', 'Europe/Stockholm');
    const DateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    const config = await import('./app-config.ts');
    expect(config.zoneKept()).toBe(true);
    expect(DateTimeFormat).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve));
    expect(DateTimeFormat).toHaveBeenCalledWith('en', { timeZone: 'Europe/Stockholm' });
    expect(config.appTimeZone()).toBe('Europe/Stockholm');
    DateTimeFormat.mockRestore();
  });

  it('ignores a stored value that is not a time zone', async () => {
    window.localStorage.setItem('wop.time_zone', 'Mars/Olympus');
    const config = await import('./app-config.ts');
    expect(config.appTimeZone()).toBeNull();
  });
});
