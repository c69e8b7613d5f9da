// The PDF's built-in Helvetica speaks WinAnsi: Latin-1 (every Spanish letter) plus these. Anything
// else would print as garbage, so it becomes '?'.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text as Helvetica can print it: tabs and line breaks become spaces, what it lacks becomes '?'. */
export const winAnsi = (text: string): string =>
  [...text]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)
        ? ch
        : code === 0x09 || code === 0x0a || code === 0x0d
          ? ' '
          : '?';
    })
    .join('');
