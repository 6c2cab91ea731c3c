/**
 * What a back-office action did: its success (read back from the address it redirected to) and its
 * refusal (the action's data), each in its own live region.
 */
export function ActionNotices({ done, error }: { done?: string | null; error?: string | null }) {
  return (
    <>
      {done ? (
        <p className="alert alert-success" role="status">
          {done}
        </p>
      ) : null}
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
