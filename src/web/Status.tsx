/** The status line every game page shows, and the message under it (a refusal, a hint). */
export function Status({
  text,
  over = false,
  message,
}: {
  text: React.ReactNode;
  over?: boolean;
  message?: string;
}) {
  return (
    <>
      <p className={`status${over ? ' over' : ''}`} aria-live="polite">
        {text}
      </p>
      {message && (
        <p className="error" role="alert">
          {message}
        </p>
      )}
    </>
  );
}
