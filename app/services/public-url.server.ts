import { config } from "./config.server";

/** The site's public origin for links that leave the request (mails, QR codes, OAuth redirects): PUBLIC_URL when set, else the request's own. */
export function publicOrigin(request: Request): string {
  return config().publicUrl || new URL(request.url).origin;
}
