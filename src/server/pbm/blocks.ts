/** Blocking by PBeM: `block` and `unblock userid password other`, and `blocks userid password`. */
import type { Service } from '../service/index.ts';
import type { PasswordCheck } from './context.ts';
import { refused as error, failed, type PbmReply, said } from './reply.ts';

export const BLOCK_COMMANDS = ['block', 'unblock', 'blocks'] as const;
export type BlockCommand = (typeof BLOCK_COMMANDS)[number];

export const BLOCK_HELP = [
  '  block userid password other       no challenges or chat between you and other',
  '  unblock userid password other',
  '  blocks userid password            whom you have blocked',
];

const listed = (blocked: readonly string[]) =>
  blocked.length === 0 ? 'You have blocked nobody.' : `You have blocked: ${blocked.join(', ')}.`;

export async function blockCommand(
  service: Service,
  verify: PasswordCheck,
  command: BlockCommand,
  args: readonly string[],
): Promise<PbmReply> {
  const [userText, password, other] = args;
  const usage = command === 'blocks' ? 'blocks userid password' : `${command} userid password other`;
  const count = command === 'blocks' ? 2 : 3;
  if (userText === undefined || password === undefined || args.length !== count)
    return error(`usage: ${usage}`);
  const user = await verify(userText, password);
  if (!user.ok) return failed(user);
  if (other === undefined) {
    const blocks = await service.blocks(user.value);
    return blocks.ok ? said(listed(blocks.value.blocked)) : failed(blocks);
  }
  const changed =
    command === 'block' ? await service.block(user.value, other) : await service.unblock(user.value, other);
  if (!changed.ok) return failed(changed);
  const done = command === 'block' ? `Blocked ${other.toLowerCase()}.` : `Unblocked ${other.toLowerCase()}.`;
  return said(`${done} ${listed(changed.value.blocked)}`);
}
