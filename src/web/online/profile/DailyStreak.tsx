/** A player's daily Sigmar boards on their profile: how many cleared, and the streak of days in a row. */
import { useEffect, useState } from 'react';
import type { DailyRecord } from '../../../api/index.ts';
import { onLinkClick } from '../../router.ts';
import { api } from '../api.ts';

export function DailyStreak({ user }: { user: string }) {
  const [record, setRecord] = useState<DailyRecord | null>(null);
  useEffect(() => {
    let current = true;
    api<DailyRecord>('GET', `/api/players/${user}/daily`)
      .then((r) => current && setRecord(r))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [user]);
  if (!record) return null;
  return (
    <>
      <h2>Daily board</h2>
      <p className="daily-record">
        {record.solved === 0
          ? 'No daily Sigmar board cleared yet.'
          : `${record.solved} daily Sigmar ${record.solved === 1 ? 'board' : 'boards'} cleared; streak ${record.streak} ${record.streak === 1 ? 'day' : 'days'} (best ${record.bestStreak})${record.clearedToday ? ', today’s cleared' : ''}.`}{' '}
        <a href="/sigmar/daily" onClick={onLinkClick}>
          Today's leaderboard
        </a>
      </p>
    </>
  );
}
