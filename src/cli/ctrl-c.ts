/** Exit status 130 for a full-screen command ended by Ctrl-C. */
/**
 * Ctrl-C ends a full-screen command as it ends any program, with status 130 (128 + SIGINT). The
 * client reads keys in raw mode, where Ctrl-C is a byte (3) and not a signal, and would end with 0:
 * the last keys to arrive before the end decide the status. The keys are looked at as the terminal
 * hands them to the stream, before and apart from the client's own reading.
 */
export function exitCodeOnCtrlC(stdin: NodeJS.ReadStream): void {
  const push = stdin.push.bind(stdin);
  stdin.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (chunk === null || chunk === undefined) return push(chunk, encoding);
    if (String(chunk).includes('\u0003')) process.exitCode = 130;
    else if (process.exitCode === 130) process.exitCode = 0;
    return push(chunk, encoding);
  };
}
