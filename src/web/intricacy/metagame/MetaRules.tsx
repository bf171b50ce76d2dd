import './metagame.css';

/**
 * The metagame's rules, as the original's README gives them (its later version where they
 * differ), with a worked example. The example is the scenario of
 * src/games/intricacy/metagame-explain.test.ts, which checks every score it states.
 */
export function MetaRules({ open }: { open: boolean }) {
  return (
    <details className="meta-rules" open={open}>
      <summary>
        <h2>How the metagame works</h2>
      </summary>
      <p>
        You design locks for the others to pick, and pick theirs. Everything is public except solutions: a
        solution is seen only by those who have read a note holding it.
      </p>
      <dl>
        <dt>Codename</dt>
        <dd>
          Three characters, no lowercase letters and no spaces (<code>ABC</code>, <code>A1!</code>). It is how
          the others know you.
        </dd>
        <dt>Three lock slots</dt>
        <dd>
          Each player has three slots for locks of their own design. Placing a lock needs a solution that
          opens it (the lock editor records one when you test it). Placing a lock in a filled slot, or
          retiring one, takes the old lock out of play.
        </dd>
        <dt>Notes</dt>
        <dd>
          When you open someone's lock you may <em>declare</em> the solution: it becomes a note on that lock,
          secured behind one of your own locks (one that is not public). A note never moves. You cannot
          declare before you have placed a lock.
        </dd>
        <dt>Reading notes</dt>
        <dd>
          You read every note secured behind every lock you access, and a note's solution is a way into the
          lock it is on. When a lock is retired, every note secured behind it becomes <em>public</em>:
          everyone reads it.
        </dd>
        <dt>Accessing a slot</dt>
        <dd>
          You access a slot of another player's in three ways:
          <ol>
            <li>you have read three notes on the lock in it;</li>
            <li>you have solved the lock in it and declared the solution;</li>
            <li>
              it is empty, and you access every one of that player's slots that holds a lock (so a player with
              no locks leaves all three slots open to everyone).
            </li>
          </ol>
          Accessing a lock reads the notes behind it, which may give you three notes on another lock, and so
          on. Once three notes on a lock are public, everybody accesses it: the lock is <em>public</em>, and
          its owner should replace it.
        </dd>
        <dt>Scores</dt>
        <dd>
          Scores are relative. Your score against B is the number of B's slots you access minus the number of
          your slots B accesses; but an access by way 2 alone earns no point when B has read your note on that
          lock (the rule of Intricacy's later README). Your total is your scores against every other player
          added up; the table ranks by it. Choose a score in the table to see the accesses that make it up.
        </dd>
      </dl>
      <h3>A worked example</h3>
      <ol className="meta-example">
        <li>
          <span className="codename">ABC</span> and <span className="codename">XYZ</span> register. Neither
          has a lock, so each accesses the other's three empty slots: 3 − 3 = 0.
        </li>
        <li>
          ABC places locks 0 and 1 in slots 1 and 2; XYZ places lock 2 in slot 1. Nobody accesses anything
          now: both scores are 0.
        </li>
        <li>
          XYZ picks lock 0 and declares the solution, securing the note (note 0) behind lock 2. XYZ accesses
          ABC's slot 1 by way 2, and ABC has not read the note: XYZ's score against ABC is +1, ABC's against
          XYZ −1.
        </li>
        <li>
          ABC picks lock 2 and declares, securing note 1 behind lock 0. ABC now accesses XYZ's slot 1 and
          reads the note behind lock 2: XYZ's note 0, on ABC's own lock. So XYZ's point for ABC's slot 1 is
          gone; and XYZ, accessing lock 0, has read note 1, so ABC's point for XYZ's slot 1 is gone too. But
          ABC accesses every slot of XYZ's that holds a lock, so XYZ's empty slots 2 and 3 are open to ABC:
          ABC's score against XYZ is 0 + 1 + 1 − 0 = +2, and XYZ's against ABC −2.
        </li>
      </ol>
      <p className="meta">
        Hence: fill your slots, and secure your notes behind locks that are hard to pick.
      </p>
    </details>
  );
}
