// The one rule for every address a user is sent back to after signing in (the social sign-in's
// start and callback, the login and re-authentication pages, the stored return address).

// Paths are resolved against a placeholder origin: whatever resolves elsewhere (`//host`, a
// scheme, a backslash or tab that browsers read as a slash) is not a path of ours.
const placeholderOrigin = 'https://return-path.invalid';
// Browsers drop tabs and newlines inside URLs and read a backslash as a slash.
const unsafeCharacters = /[\p{Cc}\\]/u;

/**
 * The same-site path (with query and fragment) that `value` names, percent-encoded so it can go
 * into a Location header as is; undefined for anything else.
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//') || value.length > 2000) return undefined;
  if (unsafeCharacters.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, placeholderOrigin);
  } catch {
    return undefined;
  }
  // `/.//host` becomes `//host` once the dot segment is resolved.
  if (url.origin !== placeholderOrigin || url.pathname.startsWith('//')) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
