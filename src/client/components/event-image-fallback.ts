import type { SyntheticEvent } from 'react';
import { eventImagePlaceholder } from '#shared/browsing/event-image.ts';

/** An event's picture that fails to load gives way to the placeholder (spec 01 §2). */
export function showPlaceholderOnError(event: SyntheticEvent<HTMLImageElement>): void {
  const img = event.currentTarget;
  if (!img.src.endsWith(eventImagePlaceholder)) img.src = eventImagePlaceholder;
}
