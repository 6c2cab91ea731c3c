import type { Position } from "~/lib/geo";
import {
  metresPerPixel,
  offsetOf,
  TILE_SIZE,
  tilesAround,
  type MapTilesSource,
  type PlacedTile,
} from "~/lib/map-tiles";
import { MapPinIcon } from "./icons";
import { T } from "./i18n";

// A small map drawn from the tile server's squares, placed by the server in the HTML: seen without
// JavaScript, no map library sent (docs/decisions/220-small-maps-from-tiles-without-a-library.md). Shown only
// when MAP_TILES_URL is set. The profile shows her PIN code's area (a circle about its centre, never her own
// point); her dashboard shows her point, and with JavaScript a click or the arrow keys move it (map-picker.tsx).

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
