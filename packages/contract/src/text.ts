/**
 * SPEC §9: a text cut to `max` characters ends with '...' (counted in `max`), unless told otherwise. By
 * characters, not UTF-16 units, so an emoji is never cut in half. The one cut both apps make.
 */
export function truncate(text: string, max: number, ellipsis = '...'): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  const keep = Math.max(0, max - ellipsis.length);
  return `${characters.slice(0, keep).join('').trimEnd()}${ellipsis}`;
}

/** A text on one line (runs of white space, line breaks included, as one space), cut as `truncate` does. */
export function oneLine(text: string, max: number): string {
  return truncate(text.replace(/\s+/g, ' ').trim(), max);
}
