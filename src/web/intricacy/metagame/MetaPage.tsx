import { useState } from 'react';
import {
  formatMoveList,
  type LockView,
  type ToolMove,
  type WorldView,
} from '../../../games/intricacy/index.ts';
import { ApiError } from '../../online/api.ts';
import { useSession } from '../../online/session.tsx';
import { onLinkClick } from '../../router.ts';
import { IntricacyNav } from '../IntricacyNav.tsx';
import { Picker } from '../Picker.tsx';
import { MetaRules } from './MetaRules.tsx';
import { metaApi } from './meta-api.ts';
import { Register } from './Register.tsx';
import { useMetaLive } from './useMetaLive.ts';
import { useMetaWorld } from './useMetaWorld.ts';
import { LockList, NotesRead, Players, Scores, YourSlots } from './WorldSections.tsx';
import { declareSlots, mayDeclare } from './world-text.ts';

type View =
  | { kind: 'world' }
  | { kind: 'pick'; lockId: number; moves?: readonly ToolMove[]; noteId?: number; lock?: LockView };

const messageOf = (e: unknown) => (e instanceof ApiError ? e.message : String(e));

/**
 * The metagame: register a codename, your three lock slots (place a lock from the editor with
 * its solution, retire one), the other players' slots and locks (pick them and declare a
 * solution behind one of your locks), the notes you have read (replay them), the scores and the
 * retired locks, each list a page at a time. What is shown is refetched whenever the server says
 * the world changed.
 */
export function MetaPage() {
  const { session } = useSession();
  const { shown, error, setError, refresh, offsets, turn } = useMetaWorld(session);
  const world = shown?.world ?? null;
  const [notice, setNotice] = useState('');
  const [view, setView] = useState<View>({ kind: 'world' });
  const live = useMetaLive(session, () => void refresh());

  /** Run an action against the server; on success show `done` and refetch. */
  const act = async (what: () => Promise<unknown>, done: string): Promise<boolean> => {
    try {
      await what();
      setNotice(done);
      setError('');
      await refresh();
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    }
  };

  if (view.kind === 'pick' && world) {
    const lv = view.lock ?? world.locks.find((l) => l.id === view.lockId);
    if (lv)
      return (
        <PickMetaLock
          key={`${view.lockId}-${view.noteId ?? ''}`}
          world={world}
          lock={lv}
          moves={view.moves}
          noteId={view.noteId}
          onBack={() => setView({ kind: 'world' })}
          onDeclare={(solution, slot) =>
            act(
              () => metaApi.declare(session, lv.id, formatMoveList(solution), slot),
              `Solution to lock ${lv.id} declared, secured behind your slot ${slot + 1}.`,
            )
          }
          error={error}
        />
      );
  }

  const viewer = world?.viewer ?? null;
  return (
    <>
      <IntricacyNav />
      <section className="panel meta-page">
        <h1>Intricacy metagame</h1>
        <p className="meta">
          {viewer ? (
            <>
              You are <strong className="codename">{viewer}</strong>.{' '}
            </>
          ) : null}
          {live ? 'Live: updates as they happen.' : 'Connecting for live updates…'}
        </p>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {notice && !error && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        {!session && (
          <p>
            Log in or sign up (top right) to register a codename and place locks. Until then you see the world
            as an outsider. New to Intricacy? Start with the{' '}
            <a href="/intricacy/tutorial" onClick={onLinkClick}>
              tutorial
            </a>
            .
          </p>
        )}
        {(world || error) && <MetaRules open={!viewer} />}
        {session && world && !viewer && (
          <Register
            onRegister={(codename) =>
              act(() => metaApi.register(session, codename), `Registered as ${codename}.`)
            }
          />
        )}
        {!world && !error && <p className="meta">Loading…</p>}
        {world && shown && (
          <>
            {viewer && (
              <YourSlots
                world={world}
                onPlace={(slot, text, solution) =>
                  act(
                    () => metaApi.place(session, slot, text, solution),
                    `Lock placed in your slot ${slot + 1}.`,
                  )
                }
                onRetire={(slot) =>
                  act(() => metaApi.retire(session, slot), `The lock in your slot ${slot + 1} is retired.`)
                }
                onPick={(id) => {
                  // Your own lock opens with your solution loaded, ready to replay.
                  const own = world.locks.find((l) => l.id === id)?.solution;
                  setView({ kind: 'pick', lockId: id, ...(own ? { moves: own } : {}) });
                }}
              />
            )}
            <Players
              page={shown.players}
              viewer={viewer}
              onPage={(offset) => turn('players', offset)}
              onPick={(lock) => setView({ kind: 'pick', lockId: lock.id, lock })}
            />
            {shown.notes && (
              <NotesRead
                page={shown.notes}
                onPage={(offset) => turn('notes', offset)}
                onReplay={(noteId, lockId, moves) =>
                  // The lock may be on no page shown: fetch it.
                  void metaApi.lock(session, lockId).then(
                    (lock) => setView({ kind: 'pick', lockId, moves, noteId, lock }),
                    (e: unknown) => setError(messageOf(e)),
                  )
                }
              />
            )}
            <Scores
              page={shown.scores}
              viewer={viewer}
              onPage={(offset) => turn('scores', offset)}
              onColumns={(offset) => turn('columns', offset)}
            />
            <LockList
              title="Retired locks"
              locks={shown.retired}
              offset={offsets.retired}
              count={world.counts.retired}
              onPage={(offset) => turn('retired', offset)}
              onPick={(lock) => setView({ kind: 'pick', lockId: lock.id, lock })}
            />
          </>
        )}
      </section>
    </>
  );
}

function PickMetaLock({
  world,
  lock,
  moves,
  noteId,
  onBack,
  onDeclare,
  error,
}: {
  world: WorldView;
  lock: LockView;
  moves?: readonly ToolMove[] | undefined;
  noteId?: number | undefined;
  onBack: () => void;
  onDeclare: (solution: readonly ToolMove[], slot: number) => Promise<boolean>;
  error: string;
}) {
  const [solution, setSolution] = useState<readonly ToolMove[] | null>(null);
  const behind = declareSlots(world);
  const [slot, setSlot] = useState<number>(behind[0]?.slot ?? 0);
  const [declared, setDeclared] = useState(false);
  const canDeclare = mayDeclare(world, lock, noteId);
  return (
    <>
      <IntricacyNav />
      <Picker
        lock={lock.lock}
        title={
          noteId !== undefined
            ? `Note ${noteId}: lock ${lock.id} by ${lock.owner}`
            : `Lock ${lock.id} by ${lock.owner}`
        }
        moves={moves}
        onOpened={(s) => {
          setSolution(s);
          setDeclared(false);
        }}
      >
        <div className="buttons">
          <button type="button" onClick={onBack}>
            ← Back to the world
          </button>
        </div>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {canDeclare && solution && !declared && (
          <div className="declare">
            {behind.length === 0 ? (
              <p className="meta">
                Solved. To declare it, first place a lock of your own: a note is secured behind one of your
                locks.
              </p>
            ) : (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void onDeclare(solution, slot).then((ok) => setDeclared(ok));
                }}
              >
                <label>
                  Secure the note behind{' '}
                  <select
                    aria-label="Secure behind"
                    value={slot}
                    onChange={(e) => setSlot(Number(e.target.value))}
                  >
                    {behind.map((b) => (
                      <option key={b.slot} value={b.slot}>
                        your slot {b.slot + 1} (lock {b.lock.id})
                      </option>
                    ))}
                  </select>
                </label>{' '}
                <button type="submit">Declare solution</button>
              </form>
            )}
          </div>
        )}
        {declared && (
          <p className="notice" role="status">
            Solution declared.
          </p>
        )}
      </Picker>
    </>
  );
}
