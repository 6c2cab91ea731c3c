import { useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";

// Passkeys need JavaScript (the browser's WebAuthn API): these buttons appear only once the page's
// script runs. Without it, the authenticator app's code is the second step.

async function postJson(url: string, body: unknown): Promise<{ ok: boolean; data: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, data };
}

function failureMessage(error: unknown, fallback: string): string {
  // The browser's own refusal (the dialog closed, no passkey here) is not an error of the site.
  if (error instanceof Error && error.name === "NotAllowedError")
    return "The passkey was not used. Try again, or enter a code.";
  return error instanceof Error && error.message ? error.message : fallback;
}

/** "Sign in with a passkey" on the second step of /admin/login. */
export function PasskeySignIn() {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!hydrated || typeof window === "undefined" || !window.PublicKeyCredential) return null;
  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const options = await postJson("/api/admin/login/passkey-options", {});
      if (!options.ok) throw new Error(String(options.data.error ?? "The passkey sign-in could not start."));
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const response = await startAuthentication({ optionsJSON: options.data as never });
      const done = await postJson("/api/admin/login/passkey", {
        response,
        redirectTo: searchParams.get("redirectTo") ?? "",
      });
      if (!done.ok) throw new Error(String(done.data.error ?? "The passkey did not work."));
      window.location.assign(String(done.data.redirectTo ?? "/admin"));
    } catch (caught) {
      setError(failureMessage(caught, "The passkey did not work. Try again, or enter a code instead."));
      setBusy(false);
    }
  }
  return (
    <div className="stack">
      <button type="button" className="btn btn-primary btn-block" onClick={signIn} disabled={busy}>
        {busy ? "Waiting for your passkey..." : "Sign In with a Passkey"}
      </button>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="small muted auth-or">or enter a code</p>
    </div>
  );
}

/** "Add a passkey" on Account security: the browser makes one, the server keeps its public key. */
export function PasskeyAdd() {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  if (!hydrated) return <p className="small muted">Adding a passkey needs JavaScript in your browser.</p>;
  if (!window.PublicKeyCredential) return <p className="small muted">This browser cannot make passkeys.</p>;
  async function add(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const options = await postJson("/api/admin/passkeys/options", {});
      if (!options.ok) throw new Error(String(options.data.error ?? "The passkey could not be added."));
      const { startRegistration } = await import("@simplewebauthn/browser");
      const response = await startRegistration({ optionsJSON: options.data as never });
      const saved = await postJson("/api/admin/passkeys", { name, response });
      if (!saved.ok) throw new Error(String(saved.data.error ?? "The passkey could not be added."));
      setName("");
      setMessage({ kind: "success", text: "Passkey added." });
      await revalidator.revalidate();
    } catch (caught) {
      setMessage({ kind: "error", text: failureMessage(caught, "The passkey could not be added. Please try again.") });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="stack" onSubmit={add} aria-label="Add a passkey">
      <div className="field">
        <label htmlFor="passkey-name">Passkey name</label>
        <input
          id="passkey-name"
          className="input"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={60}
          required
          placeholder="e.g. Work laptop"
        />
      </div>
      {message ? (
        <p
          className={message.kind === "error" ? "form-error" : "form-success"}
          role={message.kind === "error" ? "alert" : "status"}
        >
          {message.text}
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Waiting for your device..." : "Add a Passkey"}
        </button>
      </div>
    </form>
  );
}
