import { useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { useT } from "./i18n";

// "Use my location" beside the directory's PIN code field: a progressive enhancement, drawn only once
// JavaScript runs in a browser that has geolocation (the plain form needs none). The browser is asked for
// the position only on her click; it is rounded to two decimals (~1 km) and put in the field as
// `<lat>,<lng>`, and the form is sent: the URL is the only place it goes (never stored, logged or sent
// elsewhere; the request log redacts `near`), and the rounding keeps the response cache's keys few
// (docs/decisions/211-near-me-pin-code-centres-in-memory.md).

type State = "idle" | "asking" | "denied" | "unavailable";

/** A position as the URL carries it: two decimals each. */
export function nearOfPosition(latitude: number, longitude: number): string {
  return `${latitude.toFixed(2)},${longitude.toFixed(2)}`;
}

export function UseMyLocation({ fieldId }: { fieldId: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const [state, setState] = useState<State>("idle");
  if (!hydrated || !("geolocation" in navigator)) return null;

  const locate = (event: React.MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form;
    setState("asking");
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const field = document.getElementById(fieldId) as HTMLInputElement | null;
        if (!field || !form) return;
        field.value = nearOfPosition(coords.latitude, coords.longitude);
        setState("idle");
        form.requestSubmit();
      },
      (error) => setState(error.code === error.PERMISSION_DENIED ? "denied" : "unavailable"),
      { maximumAge: 600_000, timeout: 15_000 },
    );
  };

  return (
    <>
      <button type="button" className="btn btn-sm" onClick={locate} disabled={state === "asking"}>
        {state === "asking" ? t("directory.near.locating") : t("directory.near.useLocation")}
      </button>
      {state === "denied" || state === "unavailable" ? (
        <p className="field-error" role="alert">
          {t(state === "denied" ? "directory.near.denied" : "directory.near.unavailable")}
        </p>
      ) : null}
    </>
  );
}
