/** The status line every game page shows, and the message under it (a refusal, a hint). */
export function Status({
  text,
  over = false,
  message,
  note,
  live = true,
}: {
  text: React.ReactNode;
  over?: boolean;
  /** A refusal or a problem, shown as an alert. */
  message?: string;
  /** Information, such as the last move; hidden while there is a message. */
  note?: string;
  /** Spoken when it changes; off where the board's own live line (BoardText) says it already. */
  live?: boolean;
}) {
  return (
    <>
      <p className={`status${over ? ' over' : ''}`} aria-live={live ? 'polite' : undefined}>
        {text}
      </p>
      {note && !message && <p className="meta">{note}</p>}
      {message && (
        <p className="error" role="alert">
          {message}
        </p>
      )}
    </>
  );
}
