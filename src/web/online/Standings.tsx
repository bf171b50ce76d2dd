import { useEffect, useState } from 'react';
import { formatRating, PROVISIONAL_DEVIATION } from '../../engine/index.ts';
import { api, type GameType, type Standing } from './api.ts';
import { PlayerLink } from './PlayerLink.tsx';
import { useSession } from './session.tsx';

interface RatingRecord {
  readonly rating: number;
  readonly deviation: number;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

/** A rating's cells in a table row: the rating ("1623?" while provisional), games, won, lost, drawn. */
export function RatingCells({ record: r }: { record: RatingRecord }) {
  return (
    <>
      <td className="rating">{formatRating(r)}</td>
      <td>{r.games}</td>
      <td>{r.wins}</td>
      <td>{r.losses}</td>
      <td>{r.draws}</td>
    </>
  );
}

/** What the ratings' marks mean, under a table of them. */
export function RatingNote() {
  return (
    <p className="meta">
      Glicko-2: everyone starts at 1500 ± 350. ± is the rating's deviation, how sure it is; a rating marked ?
      is provisional (deviation over {PROVISIONAL_DEVIATION}).
    </p>
  );
}

/** Rows shown before "Show all". */
const TOP = 10;

/** The ratings table of every game type that has rated players, one after another. */
export function Standings({ types }: { types: readonly GameType[] }) {
  const [tables, setTables] = useState<readonly { type: GameType; rows: Standing[] }[]>([]);
  useEffect(() => {
    let current = true;
    Promise.all(
      types.map((type) =>
        api<Standing[]>('GET', `/api/ratings/${type.id}`)
          .then((rows) => ({ type, rows }))
          .catch(() => ({ type, rows: [] as Standing[] })),
      ),
    ).then((all) => {
      if (current) setTables(all.filter((t) => t.rows.length > 0));
    });
    return () => {
      current = false;
    };
  }, [types]);

  if (tables.length === 0) return null;
  return (
    <section aria-labelledby="standings-title">
      <h3 id="standings-title">Standings</h3>
      <RatingNote />
      <div className="standings-list">
        {tables.map((t) => (
          <Table key={t.type.id} title={t.type.title} rows={t.rows} />
        ))}
      </div>
    </section>
  );
}

function Table({ title, rows }: { title: string; rows: readonly Standing[] }) {
  const { session } = useSession();
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, TOP);
  return (
    <div className="standings-table">
      <table className="standings">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Player</th>
            <th scope="col">Rating</th>
            <th scope="col">Games</th>
            <th scope="col">Won</th>
            <th scope="col">Lost</th>
            <th scope="col">Drawn</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((s, i) => (
            <tr key={s.user} className={s.user === session?.user ? 'you' : undefined}>
              <td>{i + 1}</td>
              <td>
                <PlayerLink user={s.user} />
              </td>
              <RatingCells record={s} />
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > TOP && (
        <button type="button" className="link" onClick={() => setAll(!all)}>
          {all ? `Show the top ${TOP}` : `Show all ${rows.length}`}
        </button>
      )}
    </div>
  );
}
