/**
 * JSON that can sit inside `<script type="application/json">`: a caption holding `</script>` or
 * `<!--` would otherwise end the element early. `\u003c` is the same character to JSON.parse.
 * U+2028/2029 are escaped too, so the text is also valid JavaScript should anyone eval it.
 */
export function scriptSafeJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&#39;',
};

/**
 * Text that stays text both between tags (`<title>`) and inside a quoted attribute: a caption
 * holding `"><script>` or `</title>` can neither close the element nor the attribute.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&"<>']/g, (char) => htmlEscapes[char] ?? char);
}
