/**
 * A `<script type="application/json">` carrying `value` to the page's code. `<` is escaped so no
 * text inside (a listing's name, say) can close the tag and start markup of its own.
 */
export function jsonScriptTag(id: string, value: unknown): string {
  return `<script id="${id}" type="application/json">${JSON.stringify(value).replaceAll('<', '\\u003c')}</script>`;
}

/**
 * The script with the user whose session the server checked for this page: the app starts signed
 * in as them, confirmed (the admin area, the profile; docs/decisions/029).
 */
export const serverUserElementId = 'server-user';
