/** A game's commands that answer a takeback or refuse challenges, preview moves or ask for a rematch. */

import { pbmName } from '../text/index.ts';
import { boardAndMove, type GameCommand } from './game-command.ts';
import { refused as error, failed, type PbmReply, said } from './reply.ts';
import { previewCommand, rematchCommand, type TakebackWord, takebackCommand } from './takeback.ts';

/** `propose|accept|reject board userid password`: a takeback; `reject userid password [on|off]`: refuse all challenges to this game. */
export async function answerCommand({
  service,
  game,
  command,
  args,
  verify,
  need,
  boardUser,
}: GameCommand): Promise<PbmReply> {
  // The table sends only the takeback words here.
  const word = command as TakebackWord;
  // reject board userid password answers a takeback; reject userid password refuses challenges.
  if (word !== 'reject' || /^\d/.test(args[0] ?? '')) {
    const target = await boardUser(3, `board userid password${word === 'propose' ? ' undo' : ''}`);
    if (!target.ok) return target;
    return takebackCommand(service, target.user, target.board, word, target.more, pbmName(game));
  }
  const missing = need(2, 'userid password [on|off]');
  if (missing) return error(missing);
  const onOff = (args[2] ?? 'on').toLowerCase();
  if (onOff !== 'on' && onOff !== 'off') return error('write on or off');
  const user = await verify(args[0] as string, args[1] as string);
  if (!user.ok) return failed(user);
  await service.setRejects(user.value, game.id, onOff === 'on');
  return said(
    onOff === 'on'
      ? `${user.value} now rejects all ${game.title} challenges.`
      : `${user.value} accepts ${game.title} challenges again.`,
  );
}

/** `preview board move [move ...]`: the board after those moves, nothing played. */
export async function previewGameCommand({
  service,
  game,
  args,
  need,
  ofGame,
}: GameCommand): Promise<PbmReply> {
  const missing = need(2, 'board move [move ...]');
  if (missing) return error(missing);
  const target = boardAndMove(args[0] as string);
  if (typeof target === 'string') return error(target);
  const wrongGame = await ofGame(target.board);
  if (wrongGame) return failed(wrongGame);
  return previewCommand(service, target.board, args.slice(1), pbmName(game));
}

/** `rematch board userid password`: a new game with the seats swapped. */
export async function rematchGameCommand({ service, boardUser }: GameCommand): Promise<PbmReply> {
  const target = await boardUser(3, 'board userid password');
  if (!target.ok) return target;
  return rematchCommand(service, target.user, target.board);
}
