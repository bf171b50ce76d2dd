/**
 * Before a lock goes into a slot, the critic judges it in the browser's worker: its verdict is
 * for the designer alone (it never leaves this page), and a lock that opens in a few moves is
 * placed only after the designer confirms.
 */
import { easyLockQuestion, parseLock, verdictText } from '../../../games/intricacy/index.ts';
import { runCritic } from '../editor/critic.ts';

export interface PlaceCheck {
  readonly place: boolean;
  /** What the designer is told: the verdict, or why there is none. */
  readonly note: string;
}

export async function criticBeforePlacing(text: string): Promise<PlaceCheck> {
  const lock = parseLock(text);
  // A lock that does not read is the server's to refuse, with its reason.
  if (!lock.ok) return { place: true, note: '' };
  try {
    const verdict = await runCritic(lock.value).answer;
    const question = easyLockQuestion(verdict);
    if (question && !window.confirm(question))
      return { place: false, note: `Not placed. The critic: ${verdictText(verdict)}` };
    return { place: true, note: `The critic (shown to you only): ${verdictText(verdict)}` };
  } catch (e) {
    return { place: true, note: `The critic could not judge the lock: ${(e as Error).message}.` };
  }
}
