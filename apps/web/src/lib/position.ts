/** A position from the browser, as a check-in sends it. */
export interface Position {
  lat: number;
  lng: number;
  accuracy_m: number;
}

/**
 * The device's position when the user allows it, or null (refused, unavailable, or not within
 * `timeoutMs`): a check-in goes ahead without one rather than waiting.
 */
export function currentPosition(timeoutMs = 8000): Promise<Position | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          lat: position.coords.latitude,
          lng: position.coords.longitude,
          accuracy_m: Math.min(100_000, Math.max(0, Math.round(position.coords.accuracy))),
        }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
