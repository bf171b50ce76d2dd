/** The lessons part of the store (../ports/lessons.ts) over the shared SQL surface. */
import type { Db } from '../db/index.ts';
import type { LessonStore } from '../ports/index.ts';

async function doneBy(q: Db, userId: string): Promise<string[]> {
  const rows = await q.all<{ lesson_id: string }>(
    'SELECT lesson_id FROM lessons_done WHERE user_id = ? ORDER BY lesson_id',
    [userId],
  );
  return rows.map((r) => r.lesson_id);
}

export function sqlLessonStore(db: Db, now: () => number = Date.now): LessonStore {
  return {
    lessonsDone: (userId) => doneBy(db, userId),
    recordLessonsDone: (userId, ids) =>
      db.tx(async (q) => {
        for (const id of new Set(ids))
          await q.run(
            'INSERT INTO lessons_done (user_id, lesson_id, done_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
            [userId, id, now()],
          );
        return doneBy(q, userId);
      }),
  };
}
