/**
 * Text edits of the article editor's toolbar, as pure functions of the text and the selection:
 * each answers the new text and the new selection (what the user should see selected next).
 */
export interface Edit {
  text: string;
  start: number;
  end: number;
}

/** Put `before`/`after` around the selection (or around `placeholder` when nothing is selected). */
export function wrapSelection(
  text: string,
  start: number,
  end: number,
  before: string,
  after: string,
  placeholder: string,
): Edit {
  const selected = text.slice(start, end) || placeholder;
  const next = text.slice(0, start) + before + selected + after + text.slice(end);
  return { text: next, start: start + before.length, end: start + before.length + selected.length };
}

/** Start every line the selection touches with `prefix` (headings, lists, quotes). */
export function prefixLines(text: string, start: number, end: number, prefix: string): Edit {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEndIndex = text.indexOf(
    '\n',
    Math.max(end - (end > start && text[end - 1] === '\n' ? 1 : 0), start),
  );
  const lineEnd = lineEndIndex === -1 ? text.length : lineEndIndex;
  const block = text.slice(lineStart, lineEnd);
  const prefixed = block
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
  const next = text.slice(0, lineStart) + prefixed + text.slice(lineEnd);
  return { text: next, start: lineStart, end: lineStart + prefixed.length };
}

/** Insert `snippet` at the cursor as a block of its own (blank lines around it when needed). */
export function insertBlock(text: string, at: number, snippet: string): Edit {
  const before = text.slice(0, at);
  const after = text.slice(at);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const next = before + lead + snippet + trail + after;
  const start = before.length + lead.length;
  return { text: next, start, end: start + snippet.length };
}

/** Markdown of an uploaded image; brackets in the alt text are dropped so the syntax stays intact. */
export function imageMarkdown(alt: string, url: string): string {
  return `![${alt.replace(/[[\]\\]/g, '').trim()}](${url})`;
}
