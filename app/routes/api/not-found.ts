import { jsonError } from "~/services/api.server";

// Unknown /api paths answer JSON, not the HTML 404 page.
export function loader() {
  return jsonError("Not found", 404);
}
export function action() {
  return jsonError("Not found", 404);
}
