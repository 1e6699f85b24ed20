import { Anchor } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A position as numbers, or as a form's text (a decimal comma too); null when it is not one. */
function degrees(value: number | string | null | undefined, limit: number): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value.trim().replace(',', '.'));
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

/** OpenStreetMap at a position, with a marker. */
export const mapUrl = (lat: number, lng: number) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;

/**
 * A link that opens a position on a map in a new tab (a phone hands it to its map app), or
 * `fallback` when there is no position.
 */
export function MapLink({
  lat,
  lng,
  children,
  label,
  fallback = null,
}: {
  lat: number | string | null | undefined;
  lng: number | string | null | undefined;
  children: ReactNode;
  /** The link's accessible name when its text alone does not say whose position it is. */
  label?: string;
  fallback?: ReactNode;
}) {
  const latitude = degrees(lat, 90);
  const longitude = degrees(lng, 180);
  if (latitude === null || longitude === null) return <>{fallback}</>;
  return (
    <Anchor
      href={mapUrl(latitude, longitude)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      inline
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      <IconMapPin size={16} aria-hidden />
      {children}
    </Anchor>
  );
}
