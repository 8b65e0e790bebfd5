import { useState } from 'react';

/** Up to two initials of a name ("Prime Sedan" → "PS"); '?' when there is nothing to take them from. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

export interface AvatarProps {
  src: string | null | undefined;
  /** Accessible name of the picture. */
  alt: string;
  /** Whose initials to show instead. */
  name: string | null | undefined;
  size?: number;
}

/**
 * A round picture that falls back to initials when there is no picture or it fails to load (the driver
 * images of old bookings may be gone). A new src is tried again.
 */
export function Avatar({ src, alt, name, size = 48 }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      // Initials only echo a name the card already shows, so screen readers skip them.
      <span
        className="avatar avatar--initials"
        style={{ width: size, height: size }}
        aria-hidden="true"
        data-testid="avatar-initials"
      >
        {initialsOf(name)}
      </span>
    );
  }
  return (
    <img
      className="avatar"
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      data-testid="avatar-image"
      onError={() => setFailedSrc(src)}
    />
  );
}
