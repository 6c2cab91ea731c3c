import { useState } from "react";
import { positionText } from "~/lib/geo";
import type { MessageKey } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import { useT } from "./i18n";

// "Use my location" beside a field that takes a place: a progressive enhancement, drawn only once
// JavaScript runs in a browser that has geolocation (the plain form needs none). The browser is asked for
// the position only on her click.
// - `near` (the directory's PIN code field): rounded to two decimals (~1 km), put in the field as
//   `<lat>,<lng>` and the form is sent: the URL is the only place it goes (never stored, logged or sent
//   elsewhere; the request log redacts `near`), and the rounding keeps the response cache's keys few
//   (docs/decisions/211-near-me-pin-code-centres-in-memory.md).
// - `pin` (the seller's own point on her profile, `map_position`): three decimals (~110 m, what is stored),
//   put in the field for her to save with the form (docs/decisions/219-her-point-within-her-pin-codes-area.md).

type State = "idle" | "asking" | "denied" | "unavailable";
type Purpose = "near" | "pin";

/** A position as the URL carries it: two decimals each. */
export function nearOfPosition(latitude: number, longitude: number): string {
  return `${latitude.toFixed(2)},${longitude.toFixed(2)}`;
}

const WORDS: Record<Purpose, Record<Exclude<State, "idle"> | "button", MessageKey>> = {
  near: {
    button: "directory.near.useLocation",
    asking: "directory.near.locating",
    denied: "directory.near.denied",
    unavailable: "directory.near.unavailable",
  },
  pin: {
    button: "forms.fields.mapPositionUseLocation",
    asking: "forms.fields.mapPositionLocating",
    denied: "forms.fields.mapPositionDenied",
    unavailable: "forms.fields.mapPositionUnavailable",
  },
};

export function UseMyLocation({ fieldId, purpose = "near" }: { fieldId: string; purpose?: Purpose }) {
  const t = useT();
  const hydrated = useHydrated();
  const [state, setState] = useState<State>("idle");
  if (!hydrated || !("geolocation" in navigator)) return null;
  const words = WORDS[purpose];

  const locate = (event: React.MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form;
    setState("asking");
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const field = document.getElementById(fieldId) as HTMLInputElement | null;
        if (!field || !form) return;
        setState("idle");
        if (purpose === "near") {
          field.value = nearOfPosition(coords.latitude, coords.longitude);
          form.requestSubmit();
          return;
        }
        field.value = positionText({ lat: coords.latitude, lng: coords.longitude });
        // The form's validation (conform) and anyone listening hear of it as of typing.
        field.dispatchEvent(new Event("input", { bubbles: true }));
        field.focus();
      },
      (error) => setState(error.code === error.PERMISSION_DENIED ? "denied" : "unavailable"),
      { maximumAge: 600_000, timeout: 15_000 },
    );
  };

  return (
    <>
      <button type="button" className="btn btn-sm" onClick={locate} disabled={state === "asking"}>
        {state === "asking" ? t(words.asking) : t(words.button)}
      </button>
      {state === "denied" || state === "unavailable" ? (
        <p className="field-error" role="alert">
          {t(state === "denied" ? words.denied : words.unavailable)}
        </p>
      ) : null}
    </>
  );
}
