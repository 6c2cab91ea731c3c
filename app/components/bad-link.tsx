import type { ReactNode } from "react";

/** The page of a signed mail link that was refused (tampered, expired): the reason the loader threw, or `fallback`. */
export function BadLinkPage({
  error,
  title,
  fallback,
  children,
}: {
  error: unknown;
  title: string;
  fallback: string;
  children: ReactNode;
}) {
  const message =
    error && typeof error === "object" && "data" in error && typeof error.data === "string" ? error.data : fallback;
  return (
    <section className="container section narrow">
      <div className="card card-pad center-card stack">
        <h1>{title}</h1>
        <p className="form-error" role="alert">
          {message}
        </p>
        {children}
      </div>
    </section>
  );
}
