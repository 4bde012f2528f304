/**
 * Structured data for search engines: `<script type="application/ld+json">`. React cannot put
 * JSON in a script as text (it would entity-encode the quotes), so this is the one place that sets
 * inner HTML, and only to JSON we serialise here with every `<`, `>`, `&` and line separator
 * escaped: no value (an article title with `</script>` in it) can end the script element.
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
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
