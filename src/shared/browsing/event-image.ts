/** Shown for a listing without an event image, and when its image fails to load (spec 01 §2). */
export const eventImagePlaceholder = '/images/festival-placeholder.webp';
