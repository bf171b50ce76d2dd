import { useState } from 'react';
import {
  colourByNature,
  type Lock,
  type LockView,
  type NotesPage,
  PAGE,
  type PlayersPage,
  type ScorePage,
  type ToolMove,
  type WorldView,
} from '../../../games/intricacy/index.ts';
import { count } from '../../plural.ts';
import { onLinkClick } from '../../router.ts';
import { useSavedLocks } from '../editor/useSavedLocks.ts';
import { LockSvg } from '../LockSvg.tsx';
import { criticBeforePlacing } from './placeCritic.ts';
import { type ScorePair, ScoreWhy } from './ScoreWhy.tsx';
import { accessorsText, lockById, pageRange, signed, viewerAccessText } from './world-text.ts';

const SLOTS = [0, 1, 2];
/** How many the server sends for a full page of each list. */
const PAGE_SIZE = {
  players: PAGE.players.size,
  notes: PAGE.notes.size,
  scores: PAGE.scores.size,
  locks: PAGE.locks.size,
};

export function LockThumb({ lock, label }: { lock: Lock; label: string }) {
  return (
    <div className="thumb">
      <LockSvg
        lock={lock}
        colours={colourByNature(lock)}
        blockages={[]}
        showBlockages={false}
        open={false}
        label={label}
      />
    </div>
  );
}

/**
 * Which part of a long list is shown ("Players 11–20 of 5000"), with the previous and next page;
 * `size` is how many the server sent for a full page.
 */
export function Pager({
  what,
  offset,
  shown,
  count: total,
  size,
  onPage,
}: {
  what: string;
  offset: number;
  shown: number;
  count: number;
  size: number;
  onPage: (offset: number) => void;
}) {
  const range = pageRange(offset, shown, total, size);
  if (!range) return null;
  return (
    <nav className="pager" aria-label={`${what} pages`}>
      <span className="meta">
        {what} {range.first}–{range.last} of {total}
      </span>{' '}
      <button
        type="button"
        disabled={range.previous === null}
        onClick={() => range.previous !== null && onPage(range.previous)}
      >
        Previous
      </button>{' '}
      <button
        type="button"
        disabled={range.next === null}
        onClick={() => range.next !== null && onPage(range.next)}
      >
        Next
      </button>
    </nav>
  );
}

/** Your three slots: what is in each, who accesses it, and placing or retiring a lock. */
export function YourSlots({
  world,
  onPlace,
  onRetire,
  onPick,
}: {
  world: WorldView;
  onPlace: (slot: number, text: string, solution: string) => Promise<boolean>;
  onRetire: (slot: number) => Promise<boolean>;
  onPick: (lockId: number) => void;
}) {
  const me = world.me;
  const locks = useSavedLocks().saved;
  const saved = Object.entries(locks).filter(([, s]) => s.solution);
  const [picked, setChoice] = useState<string>('');
  // The locks arrive from the account after the first render: until one is picked, the first.
  const choice = saved.some(([n]) => n === picked) ? picked : (saved[0]?.[0] ?? '');
  // The critic's verdict per slot, for this designer only (placeCritic.ts).
  const [critic, setCritic] = useState<{ slot: number; note: string; checking: boolean } | null>(null);
  return (
    <section className="meta-section" aria-labelledby="your-slots">
      <h2 id="your-slots">Your slots</h2>
      <ol className="meta-slots">
        {SLOTS.map((slot) => {
          const lv = lockById(world.locks, me?.slots[slot]);
          return (
            <li key={slot} className="meta-slot" aria-label={`Your slot ${slot + 1}`}>
              <h3>Slot {slot + 1}</h3>
              {lv ? (
                <>
                  <LockThumb lock={lv.lock} label={`Your lock ${lv.id}`} />
                  <p>
                    Lock {lv.id}
                    {lv.public ? ' — public: three notes on it are known to all; replace it!' : ''}
                  </p>
                  <p className="meta">
                    {count(lv.notesOn.length, 'note')} on it, {lv.notesBehind.length} secured behind it.
                  </p>
                  <p className="meta">{accessorsText(lv)}</p>
                  <div className="buttons">
                    <button type="button" onClick={() => onPick(lv.id)}>
                      Open
                    </button>
                    <button
                      type="button"
                      onClick={() => {
                        if (window.confirm(`Retire lock ${lv.id}? Notes secured behind it become public.`))
                          void onRetire(slot);
                      }}
                    >
                      Retire
                    </button>
                  </div>
                </>
              ) : (
                <p className="meta">Empty.</p>
              )}
              {saved.length > 0 ? (
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    const s = locks[choice];
                    if (!s?.solution) return;
                    if (lv && !window.confirm(`Replace lock ${lv.id}? It will be retired.`)) return;
                    const solution = s.solution;
                    setCritic({ slot, note: 'The critic is judging the lock…', checking: true });
                    void criticBeforePlacing(s.text).then((check) => {
                      setCritic({ slot, note: check.note, checking: false });
                      if (check.place) void onPlace(slot, s.text, solution);
                    });
                  }}
                >
                  {/* Which of the locks saved from the editor goes in this slot. */}
                  <label className="meta">
                    Saved lock{' '}
                    <select
                      aria-label={`Lock for slot ${slot + 1}`}
                      value={choice}
                      onChange={(e) => setChoice(e.target.value)}
                    >
                      {saved.map(([name]) => (
                        <option key={name} value={name}>
                          {name}
                        </option>
                      ))}
                    </select>
                  </label>{' '}
                  <button type="submit" disabled={critic?.checking}>
                    {lv ? 'Replace' : 'Place'}
                  </button>
                </form>
              ) : null}
              {critic?.slot === slot && critic.note && <p className="meta critic-note">{critic.note}</p>}
            </li>
          );
        })}
      </ol>
      {saved.length === 0 && (
        <p className="meta">
          To place a lock, design one in the{' '}
          <a href="/intricacy/edit" onClick={onLinkClick}>
            lock editor
          </a>
          , open it with "Test" (that records its solution) and save it.
        </p>
      )}
    </section>
  );
}

/** The other players' slots, a page at a time: their locks, whether you access each, picking them. */
export function Players({
  page,
  viewer,
  onPage,
  onPick,
}: {
  page: PlayersPage;
  viewer: string | null;
  onPage: (offset: number) => void;
  onPick: (lock: LockView) => void;
}) {
  const others = page.players.filter((p) => p.codename !== viewer);
  const pager = (
    <Pager
      what="Players"
      offset={page.offset}
      shown={page.players.length}
      count={page.count}
      size={PAGE_SIZE.players}
      onPage={onPage}
    />
  );
  return (
    <section className="meta-section" aria-labelledby="players">
      <h2 id="players">Players</h2>
      {pager}
      {page.count <= 1 && others.length === 0 && <p className="meta">No other players yet.</p>}
      {others.map((p) => (
        <section key={p.codename} className="player" aria-label={`Player ${p.codename}`}>
          <h3 className="codename">{p.codename}</h3>
          <ol className="meta-slots">
            {SLOTS.map((slot) => {
              const lv = lockById(page.locks, p.slots[slot]);
              const mine = p.viewerAccess.find((a) => a.slot === slot);
              return (
                <li key={slot} className="meta-slot">
                  <h4>Slot {slot + 1}</h4>
                  {lv ? (
                    <>
                      <LockThumb lock={lv.lock} label={`Lock ${lv.id} of ${p.codename}`} />
                      <p>
                        Lock {lv.id}
                        {lv.public ? ' (public)' : ''} · {count(lv.notesOn.length, 'note')} on it
                      </p>
                      <button type="button" onClick={() => onPick(lv)} aria-label={`Pick lock ${lv.id}`}>
                        Pick
                      </button>
                    </>
                  ) : (
                    <p className="meta">Empty.</p>
                  )}
                  {mine && <p className="access">{viewerAccessText(mine)}</p>}
                </li>
              );
            })}
          </ol>
        </section>
      ))}
      {page.players.length > PAGE_SIZE.players / 2 && pager}
    </section>
  );
}

/** Notes the viewer has read, a page at a time: whose solution of which lock, with a replay. */
export function NotesRead({
  page,
  onPage,
  onReplay,
}: {
  page: NotesPage;
  onPage: (offset: number) => void;
  onReplay: (noteId: number, lockId: number, moves: readonly ToolMove[]) => void;
}) {
  const read = page.notes.filter((n) => n.read && n.solution);
  return (
    <section className="meta-section" aria-labelledby="notes">
      <h2 id="notes">Notes you have read</h2>
      <Pager
        what="Notes"
        offset={page.offset}
        shown={page.notes.length}
        count={page.count}
        size={PAGE_SIZE.notes}
        onPage={onPage}
      />
      {read.length === 0 ? (
        <p className="meta">None yet: read notes by accessing the locks they are secured behind.</p>
      ) : (
        <ul className="notes">
          {read.map((n) => (
            <li key={n.id}>
              Note {n.id}: {n.author}'s solution of lock {n.on}
              {n.public ? ' (public)' : ''}, {count(n.solution?.length ?? 0, 'move')}{' '}
              <button type="button" onClick={() => onReplay(n.id, n.on, n.solution ?? [])}>
                Replay note {n.id}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The score table, players ranked by total, a block of rows and of columns at a time; each score
 * opens the list of accesses that make it up.
 */
export function Scores({
  page,
  viewer,
  onPage,
  onColumns,
}: {
  page: ScorePage;
  viewer: string | null;
  onPage: (offset: number) => void;
  onColumns: (offset: number) => void;
}) {
  const { players, columns, scores, totals } = page;
  const [asked, setAsked] = useState<ScorePair | null>(null);
  if (page.count === 0) return null;
  return (
    <section className="meta-section" aria-labelledby="scores">
      <h2 id="scores">Scores</h2>
      <Pager
        what="Ranks"
        offset={page.offset}
        shown={players.length}
        count={page.count}
        size={PAGE_SIZE.scores}
        onPage={onPage}
      />
      <Pager
        what="Columns"
        offset={page.columnOffset}
        shown={columns.length}
        count={page.count}
        size={PAGE_SIZE.scores}
        onPage={onColumns}
      />
      <p className="meta">
        Row against column: slots accessed minus slots accessed back; a row's total is its scores summed.
        Choose a score to see the accesses that make it up.
      </p>
      <div className="table-scroll">
        <table className="scores">
          <caption className="sr-only">Scores, row against column, ranked by total</caption>
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">
                <span className="sr-only">Player</span>
              </th>
              {columns.map((p) => (
                <th key={p} scope="col" className="codename">
                  {p}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {players.map((p, i) => (
              <tr key={p} className={p === viewer ? 'me' : undefined}>
                <td>{page.offset + i + 1}</td>
                <th scope="row" className="codename">
                  {p}
                </th>
                {columns.map((q, j) => (
                  <td key={q}>
                    {p === q ? (
                      '·'
                    ) : (
                      <button
                        type="button"
                        className="score-cell"
                        aria-label={`Explain ${p} against ${q}: ${signed(scores[i]?.[j] ?? 0)}`}
                        aria-pressed={asked?.player === p && asked.against === q}
                        onClick={() => setAsked({ player: p, against: q })}
                      >
                        {scores[i]?.[j] ?? 0}
                      </button>
                    )}
                  </td>
                ))}
                <td>{totals[i] ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {asked && <ScoreWhy pair={asked} version={page} onClose={() => setAsked(null)} />}
    </section>
  );
}

export function LockList({
  title,
  locks,
  offset,
  count: total,
  onPage,
  onPick,
}: {
  title: string;
  locks: readonly LockView[];
  offset: number;
  count: number;
  onPage: (offset: number) => void;
  onPick: (lock: LockView) => void;
}) {
  return (
    <section className="meta-section" aria-label={title}>
      <h2>{title}</h2>
      <Pager
        what="Locks"
        offset={offset}
        shown={locks.length}
        count={total}
        size={PAGE_SIZE.locks}
        onPage={onPage}
      />
      {locks.length === 0 ? (
        <p className="meta">None.</p>
      ) : (
        <ul className="lock-list">
          {locks.map((l) => (
            <li key={l.id}>
              <LockThumb lock={l.lock} label={`Lock ${l.id} by ${l.owner}`} />
              Lock {l.id} by <span className="codename">{l.owner}</span>{' '}
              <button type="button" onClick={() => onPick(l)} aria-label={`Pick lock ${l.id}`}>
                Pick
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
