/**
 * The lessons each account has done (by lesson id, such as "atom4/mixing"), so that every device
 * shows the same progress. The server checks the ids against the courses; the store keeps them.
 */

export interface LessonStore {
  /** The account's lessons done, in id order. */
  lessonsDone(userId: string): Promise<string[]>;
  /** In one transaction: these lessons added to those kept; answers every lesson done now. */
  recordLessonsDone(userId: string, ids: readonly string[]): Promise<string[]>;
}
