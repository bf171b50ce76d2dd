/** Accounts by PBeM: sign-up (with a mail address where mail is sent), password changes, vacations. */
import { momentText } from '../../api/index.ts';
import type { Service } from '../service/index.ts';
import type { PasswordCheck, PbmContext } from './context.ts';
import { askAddress } from './mail.ts';
import { refused as error, failed, type PbmReply, said } from './reply.ts';

/** `signup userid password [address]`. */
export async function signupCommand(
  service: Service,
  args: readonly string[],
  { from, mail }: PbmContext,
): Promise<PbmReply> {
  const most = mail ? 3 : 2;
  if (args.length < 2 || args.length > most)
    return error(`usage: signup userid password${mail ? ' [address]' : ''}`);
  const address = args[2];
  if (address !== undefined && mail) {
    const checked = mail.checkAddress(address);
    if (!checked.ok) return failed(checked);
  }
  const made = await service.signup(args[0] as string, args[1] as string, from);
  if (!made.ok) return failed(made);
  const welcome = `Welcome, ${made.value.user}: your account is ready.`;
  if (address === undefined || !mail) return said(welcome);
  const asked = await askAddress(mail, made.value.user, address);
  return typeof asked === 'string' ? said(`${welcome}\n${asked}`) : asked;
}

/** `password userid oldpassword newpassword`: other sessions are logged out. */
export async function passwordCommand(
  service: Service,
  args: readonly string[],
  { passwordCheck }: PbmContext,
): Promise<PbmReply> {
  if (args.length !== 3) return error('usage: password userid oldpassword newpassword');
  const refusal = await passwordCheck?.(args[0] as string);
  if (refusal) return error(refusal, 'rate-limited');
  const changed = await service.changePassword(args[0] as string, args[1] as string, args[2] as string);
  return changed.ok ? said('Password changed; other sessions are logged out.') : failed(changed);
}

/** `vacation userid password [days]`: start a vacation, or say how many days are left. */
export async function vacationCommand(
  service: Service,
  verify: PasswordCheck,
  args: readonly string[],
): Promise<PbmReply> {
  const [userText, password, daysText] = args;
  if (userText === undefined || password === undefined || args.length > 3)
    return error('usage: vacation userid password [days]');
  const user = await verify(userText, password);
  if (!user.ok) return failed(user);
  if (daysText !== undefined && !/^\d{1,3}$/.test(daysText))
    return error(`"${daysText.slice(0, 20)}" is not a number of days`);
  const state =
    daysText === undefined
      ? await service.vacation(user.value)
      : await service.takeVacation(user.value, Number(daysText));
  if (!state.ok) return failed(state);
  const { until, daysLeft, daysPerYear } = state.value;
  const away =
    until === null
      ? 'You are not on vacation.'
      : `You are on vacation until ${momentText(until)}: your clocks are stopped.`;
  return said(`${away} ${daysLeft} of ${daysPerYear} vacation days left this year.`);
}
