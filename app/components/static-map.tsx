import { useEffect, useState } from "react";
import { positionOfText, positionText, type Position } from "~/lib/geo";
import {
  metresPerPixel,
  offsetOf,
  positionAtOffset,
  TILE_SIZE,
  tilesAround,
  type MapTilesSource,
  type PlacedTile,
} from "~/lib/map-tiles";
import { useHydrated } from "~/lib/use-hydrated";
import { MapPinIcon } from "./icons";
import { T, useT } from "./i18n";

// A small map drawn from the tile server's squares, placed by the server in the HTML: seen without
// JavaScript, no map library sent (docs/decisions/220-small-maps-from-tiles-without-a-library.md). Shown only
// when MAP_TILES_URL is set. The profile shows her PIN code's area (a circle about its centre, never her own
// point); her dashboard shows her point, and with JavaScript a click or the arrow keys move it.

type MapProps = {
  source: MapTilesSource;
  centre: Position;
  zoom: number;
  /** the map's height in CSS pixels */
  height: number;
  /** the widest the map is drawn, in CSS pixels (its box may be narrower: a phone's) */
  maxWidth: number;
  /** what the picture shows, for those who do not see it */
  label: string;
  /** a circle about the centre of this radius */
  areaMetres?: number;
  /** a pin at this position */
  pin?: Position | null;
  /** the caption under the map, before the tiles' credit */
  note?: string;
  children?: React.ReactNode;
};

/**
 * The tiles as background layers of the map's box, each placed from the centre: nothing reaches outside
 * the box (tiles as elements did, clipped but still over the page's text for axe's contrast check).
 */
function tileLayers(tiles: PlacedTile[]): React.CSSProperties {
  // A layer at `calc(50% + N)` has its own centre N from the box's centre: a tile's corner at `left` is N = left + 128.
  const half = TILE_SIZE / 2;
  return {
    backgroundImage: tiles.map((tile) => `url("${tile.src.replace(/["\\\n]/g, encodeURIComponent)}")`).join(", "),
    backgroundPosition: tiles.map((t) => `calc(50% + ${t.left + half}px) calc(50% + ${t.top + half}px)`).join(", "),
    backgroundSize: `${TILE_SIZE}px ${TILE_SIZE}px`,
    backgroundRepeat: "no-repeat",
  };
}

export function StaticMap({
  source,
  centre,
  zoom,
  height,
  maxWidth,
  label,
  areaMetres,
  pin,
  note,
  children,
}: MapProps) {
  const tiles = tilesAround(source.url, centre, zoom, maxWidth / 2, height / 2);
  const radius = areaMetres ? Math.round(areaMetres / metresPerPixel(centre.lat, zoom)) : 0;
  const pinAt = pin ? offsetOf(centre, zoom, pin) : null;
  return (
    <figure className="static-map" style={{ maxWidth }}>
      <div className="static-map-view" style={{ height }}>
        <div className="static-map-picture" role="img" aria-label={label} style={tileLayers(tiles)}>
          {radius ? (
            <span className="static-map-area" style={{ width: radius * 2, height: radius * 2 }} aria-hidden="true" />
          ) : null}
          {pinAt ? (
            <span
              className="static-map-pin"
              data-testid="map-pin"
              style={{ left: `calc(50% + ${Math.round(pinAt.x)}px)`, top: `calc(50% + ${Math.round(pinAt.y)}px)` }}
              aria-hidden="true"
            >
              <MapPinIcon />
            </span>
          ) : null}
        </div>
        {children}
      </div>
      <figcaption className="static-map-caption small muted">
        {note ? <>{note} </> : null}
        <T
          k="common.map.credit"
          values={{ source: source.attribution }}
          components={{ source: (name) => <span translate="no">{name}</span> }}
        />
      </figcaption>
    </figure>
  );
}

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

/** The dashboard's zoom: a pixel is about 9 m in India, the map ~7 km across on a desktop. */
export const PICKER_ZOOM = 14;
/** The profile's zoom: her PIN code's area and its neighbourhood. */
export const PROFILE_ZOOM = 13;
