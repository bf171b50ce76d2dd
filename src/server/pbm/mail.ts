/**
 * PBeM commands for an account's mail: the address (mailed a code, used once verified), the code,
 * and what to be mailed. The PBeM server knew each player by their mail address; here an address
 * is optional, so these commands set it.
 */
import type { AccountMail } from '../mail-out/index.ts';
import type { PasswordCheck } from './context.ts';
import { refused as error, failed, type PbmReply, said } from './reply.ts';

export const MAIL_COMMANDS = ['email', 'verify', 'notify'] as const;

export const MAIL_HELP = [
  '  signup userid password [address]       an address is mailed a code to verify it',
  '  email userid password [address|off]    show, change or remove your address',
  '  verify userid password code            the code mailed to your address',
  '  notify userid password move|digest|none   a mail on every move that needs you, one a day, or none',
];

const CHOICES: Record<string, string> = {
  move: 'a mail on every move that needs you',
  digest: 'one mail a day listing the games awaiting your move',
  none: 'no mail',
};

/** After sign-up (or `email`): mail a code to the address. */
export async function askAddress(
  mail: AccountMail,
  user: string,
  address: string,
): Promise<string | PbmReply> {
  const asked = await mail.setAddress(user, address);
  if (!asked.ok) return failed(asked);
  return `A code was mailed to ${asked.value.pendingAddress}; send "verify ${user} PASSWORD CODE" with it.`;
}

export async function runMailCommand(
  verify: PasswordCheck,
  mail: AccountMail,
  command: (typeof MAIL_COMMANDS)[number],
  args: readonly string[],
): Promise<PbmReply> {
  const usage = {
    email: 'email userid password [address|off]',
    verify: 'verify userid password code',
    notify: 'notify userid password move|digest|none',
  }[command];
  if (args.length < (command === 'email' ? 2 : 3) || args.length > 3) return error(`usage: ${usage}`);
  const user = await verify(args[0] as string, args[1] as string);
  if (!user.ok) return failed(user);
  const id = user.value;
  const word = args[2];
  if (command === 'verify') {
    const checked = await mail.verify(id, word as string);
    return checked.ok ? said(`Verified: your mail goes to ${checked.value.address}.`) : failed(checked);
  }
  if (command === 'notify') {
    const chosen = await mail.setNotify(id, word as string);
    if (!chosen.ok) return failed(chosen);
    return said(`${id} now gets ${CHOICES[chosen.value.notify]}.`);
  }
  if (word === undefined) {
    const status = await mail.status(id);
    const lines = [
      status.address ? `Mail for ${id} goes to ${status.address}.` : `${id} has no verified address.`,
      status.pendingAddress ? `${status.pendingAddress} is waiting for its code.` : '',
      `Chosen: ${CHOICES[status.notify]}.`,
      ...status.failures.map((f) => `Not delivered: "${f.subject}": ${f.error}`),
    ];
    return said(lines.filter((l) => l !== '').join('\n'));
  }
  if (word.toLowerCase() === 'off') {
    await mail.removeAddress(id);
    return said(`${id} has no address any more: no mail is sent.`);
  }
  const asked = await askAddress(mail, id, word);
  return typeof asked === 'string' ? said(asked) : asked;
}
