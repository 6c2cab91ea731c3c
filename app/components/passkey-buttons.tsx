import { useState } from "react";
import { useRevalidator, useSearchParams, useSubmit } from "react-router";
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

/** A button that asks for a passkey: disabled while the browser waits for it, with the failure below. */
function PasskeyButton({
  className,
  onClick,
  busy,
  error,
  children,
}: {
  className: string;
  onClick: (event: React.MouseEvent<HTMLButtonElement>) => void;
  busy: boolean;
  error: string | null;
  children: React.ReactNode;
}) {
  return (
    <>
      <button type="button" className={className} onClick={onClick} disabled={busy}>
        {busy ? "Waiting for your passkey..." : children}
      </button>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
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
      <PasskeyButton className="btn btn-primary btn-block" onClick={signIn} busy={busy} error={error}>
        Sign In with a Passkey
      </PasskeyButton>
      <p className="small muted auth-or">or enter a code</p>
    </div>
  );
}

/** A passkey's answer over a challenge of the signed-in session: the proof of a change of the second factor. */
async function passkeyProof(): Promise<unknown> {
  const options = await postJson("/api/admin/passkeys/proof-options", {});
  if (!options.ok) throw new Error(String(options.data.error ?? "The passkey could not be asked."));
  const { startAuthentication } = await import("@simplewebauthn/browser");
  return startAuthentication({ optionsJSON: options.data as never });
}

/**
 * "Confirm with a Passkey" inside a change form of Account security: asks one of her passkeys, then
 * posts the form with its answer (field `passkey`) in place of a code. Needs JavaScript.
 */
export function PasskeyProofButton() {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!hydrated || typeof window === "undefined" || !window.PublicKeyCredential) return null;
  async function confirm(event: React.MouseEvent<HTMLButtonElement>) {
    const form = event.currentTarget.form;
    if (!form) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await passkeyProof();
      const data = new FormData(form);
      data.set("passkey", JSON.stringify(answer));
      await submit(data, { method: "post" });
    } catch (caught) {
      setError(failureMessage(caught, "The passkey did not confirm the change. Try again, or enter a code."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <PasskeyButton className="btn" onClick={confirm} busy={busy} error={error}>
      Confirm with a Passkey
    </PasskeyButton>
  );
}

/**
 * "Add a passkey" on Account security: the browser makes one, the server keeps its public key. Once the
 * account has a second factor, the addition is confirmed first: with the code typed here, or (left
 * empty, when she has a passkey) with one of her passkeys.
 */
export function PasskeyAdd({ needsProof, canUsePasskey }: { needsProof: boolean; canUsePasskey: boolean }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  if (!hydrated) return <p className="small muted">Adding a passkey needs JavaScript in your browser.</p>;
  if (!window.PublicKeyCredential) return <p className="small muted">This browser cannot make passkeys.</p>;
  async function add(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const proof = !needsProof ? {} : code.trim() || !canUsePasskey ? { code } : { passkey: await passkeyProof() };
      const options = await postJson("/api/admin/passkeys/options", proof);
      if (!options.ok) throw new Error(String(options.data.error ?? "The passkey could not be added."));
      setCode("");
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
      {needsProof ? (
        <div className="field">
          <label htmlFor="passkey-proof">
            {canUsePasskey
              ? "Current code from the app, or a recovery code (leave empty to confirm with a passkey)"
              : "Current code from the app, or a recovery code"}
          </label>
          <input
            id="passkey-proof"
            className="input"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={40}
            required={!canUsePasskey}
          />
        </div>
      ) : null}
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
