/**
 * Mail text for plain-text readers: prose wrapped at 72 columns (RFC 2646's advice for lines a
 * reader may quote). Lines that must stay whole, a board, a command, a link, are left as they are.
 */
export const MAIL_WIDTH = 72;

/** One paragraph's words refilled into lines of at most `width` characters (a longer word stands alone). */
export function wrap(text: string, width = MAIL_WIDTH): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}
