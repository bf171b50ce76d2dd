/** A mail that answers one of ours: a move played from the first line of a reply to a move mail, an address confirmed by a code mail's reply. */
import { POSITION_HEADER, positionTag } from '../mail-out/index.ts';
import { afterMoves, withoutWordsOf } from '../pbm/index.ts';
import { showText } from '../text/index.ts';
import type { IncomingMail } from './message.ts';
import type { MailInOptions } from './outcome.ts';

export function mailReplies({ store, service, mail }: MailInOptions) {
  /** A reply to a mail sent to this sender (a move mail, or a code mail): what it was about. */
  const answeredMail = async (incoming: IncomingMail, sender: string) => {
    for (const id of incoming.answers.slice(0, 5)) {
      const sent = await store.mailByMessageId(`<${id}>`);
      if (!sent?.user || sent.to.toLowerCase() !== sender) continue;
      return sent;
    }
    return undefined;
  };

  /** The first line of a reply to a move mail, played as the move if the board is still the one
   * the mail showed; the rest of the mail is not read. */
  const playReply = async (incoming: IncomingMail, sender: string, accounts: readonly string[]) => {
    const line = incoming.lines[0] as string;
    const sent = await answeredMail(incoming, sender);
    const target = /^(\d{1,9})\/(\d{1,9})$/.exec(sent?.headers['X-Tessera-Game'] ?? '');
    if (!sent?.user || !target || !accounts.includes(sent.user)) return undefined;
    const [gameId, moveNo] = [Number(target[1]), Number(target[2])];
    const rest =
      incoming.lines.length > 1
        ? `\n(Only the first line of a reply to a move mail is read: the ${incoming.lines.length - 1} line(s) after it were not.)`
        : '';
    const shown = await service.show(sent.user, gameId);
    const tag = sent.headers[POSITION_HEADER];
    // The same move number on another board: a takeback and a new move since the mail. (A game
    // that moved on is refused by the move number, below.)
    const moved = shown.ok && shown.value.moveCount + 1 === moveNo && positionTag(shown.value) !== tag;
    if (shown.ok && tag !== undefined && moved) {
      const text = `Error: the board has changed since the mail you answered (a move was taken back): nothing was played. The game now:\n${showText(shown.value)}${rest}`;
      return { user: sent.user, text: `> …\n${text}` };
    }
    const taken = await service.move(sent.user, gameId, line, moveNo);
    if (!taken.ok) {
      // A refused line may be anything, a password too: neither it nor any word of it is repeated.
      return { user: sent.user, text: `> …\n${withoutWordsOf(`Error: ${taken.error}`, line)}${rest}` };
    }
    return {
      user: sent.user,
      text: `> ${line}\n${await afterMoves(service, sent.user, taken.value)}${rest}`,
    };
  };

  /** A reply to a code mail whose first line is the code alone: the code confirms the address. */
  const codeReply = async (incoming: IncomingMail, sender: string) => {
    const line = incoming.lines[0] as string;
    if (!mail || !/^[A-Za-z0-9]{4,32}$/.test(line)) return undefined;
    const sent = await answeredMail(incoming, sender);
    if (!sent?.user || sent.headers['X-Tessera-Kind'] !== 'verify') return undefined;
    const checked = await mail.verify(sent.user, line);
    return {
      user: sent.user,
      text: checked.ok
        ? `> …\nVerified: your mail goes to ${checked.value.address}.`
        : `> …\nError: ${checked.error}`,
    };
  };

  return { playReply, codeReply };
}
