/** What the mail panel says about an account's mail, from GET /api/mail (pure, tested). */
import type { MailStatus, NotifyChoice } from '../../api/index.ts';

export const NOTIFY_LABELS: Record<NotifyChoice, string> = {
  move: 'a mail on every move that needs me',
  digest: 'one mail a day',
  none: 'no mail',
};

/** One or two sentences: where mail goes, what waits for a code, what failed lately. */
export function mailSummary(status: MailStatus): string[] {
  const lines = [
    status.address ? `Mail goes to ${status.address}.` : 'No verified address: no mail is sent.',
  ];
  if (status.pendingAddress) lines.push(`A code was mailed to ${status.pendingAddress}: enter it below.`);
  const failed = status.failures[0];
  if (failed) lines.push(`Not delivered lately: “${failed.subject}” (${failed.error}).`);
  return lines;
}
