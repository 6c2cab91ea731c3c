import { useEffect, useState } from "react";
import { positionOfText, positionText, type Position } from "~/lib/geo";
import { offsetOf, positionAtOffset, type MapTilesSource } from "~/lib/map-tiles";
import { useHydrated } from "~/lib/use-hydrated";
import { useT } from "./i18n";
import { StaticMap } from "./static-map";

// The map under her point's field (the application and the dashboard's profile form). Apart from the
// profile's map (static-map.tsx), whose page needs none of this code.

/** The dashboard's zoom: a pixel is about 9 m in India, the map ~7 km across on a desktop. */
export const PICKER_ZOOM = 14;

/** Pixels a press of an arrow key moves her point (at the dashboard's zoom, about 90 m: the stored precision). */
const KEY_STEP = 10;
const KEY_MOVES: Record<string, [number, number]> = {
  ArrowUp: [0, -KEY_STEP],
  ArrowDown: [0, KEY_STEP],
  ArrowLeft: [-KEY_STEP, 0],
  ArrowRight: [KEY_STEP, 0],
};

/**
 * Her point on a map of her PIN code's area, under her `map_position` field. With JavaScript, a click (or
 * tap) on the map, or the arrow keys on it, put that point in the field as a maps app writes it, for her to
 * save with the form; typing in the field moves the pin. Without, the map shows where her point is.
 */
export function MapPicker({
  source,
  centre,
  point,
  fieldId,
}: {
  source: MapTilesSource;
  /** her PIN code's centre: the map's */
  centre: Position;
  /** her point as saved (her PIN code's centre when she has not moved it) */
  point: Position;
  fieldId: string;
}) {
  const t = useT();
  const [pin, setPin] = useState(point);
  // The map takes clicks once JavaScript runs.
  const live = useHydrated();

  // The field is the one value: the pin follows what is typed in it (or put there by "Use my location").
  useEffect(() => {
    const field = document.getElementById(fieldId) as HTMLInputElement | null;
    if (!field) return;
    const follow = () => setPin(positionOfText(field.value) ?? centre);
    if (field.value !== field.defaultValue) follow(); // typed before the page's code ran
    field.addEventListener("input", follow);
    return () => field.removeEventListener("input", follow);
  }, [fieldId, centre]);

  const place = (position: Position) => {
    const field = document.getElementById(fieldId) as HTMLInputElement | null;
    if (!field) return;
    field.value = positionText(position);
    // The form's validation (conform) hears of it as of typing, and so does the pin.
    field.dispatchEvent(new Event("input", { bubbles: true }));
  };

  return (
    <StaticMap
      source={source}
      centre={centre}
      zoom={PICKER_ZOOM}
      height={240}
      maxWidth={840}
      label={t("forms.fields.mapPicture")}
      pin={pin}
      note={live ? t("forms.fields.mapPickHint") : undefined}
    >
      {live ? (
        <button
          type="button"
          className="static-map-pick"
          aria-label={t("forms.fields.mapPick")}
          onClick={(event) => {
            // A keyboard's Enter or Space is a click without a place: nothing to move to.
            if (event.detail === 0) return;
            const box = event.currentTarget.getBoundingClientRect();
            const dx = event.clientX - (box.left + box.width / 2);
            const dy = event.clientY - (box.top + box.height / 2);
            place(positionAtOffset(centre, PICKER_ZOOM, dx, dy));
          }}
          onKeyDown={(event) => {
            const move = KEY_MOVES[event.key];
            if (!move) return;
            event.preventDefault();
            const at = offsetOf(centre, PICKER_ZOOM, pin);
            place(positionAtOffset(centre, PICKER_ZOOM, at.x + move[0], at.y + move[1]));
          }}
        />
      ) : null}
    </StaticMap>
  );
}
