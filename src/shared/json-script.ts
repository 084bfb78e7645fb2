/**
 * A `<script type="application/json">` carrying `value` to the page's code. `<` is escaped so no
 * text inside (a listing's name, say) can close the tag and start markup of its own.
 */
export function jsonScriptTag(id: string, value: unknown): string {
  return `<script id="${id}" type="application/json">${JSON.stringify(value).replaceAll('<', '\\u003c')}</script>`;
}
