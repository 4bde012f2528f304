/**
 * Structured data for search engines: `<script type="application/ld+json">`, its JSON as the
 * script's text. React 19 writes a script's text as it is (only a `<script` in it is escaped), so
 * the JSON is serialised here with every `<`, `>`, `&` and line separator escaped: no value (an
 * article title with `</script>` in it) can end the script element or open a comment.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export default function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json">{serializeJsonLd(data)}</script>;
}
