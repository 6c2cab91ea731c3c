import { PassThrough } from "node:stream";
import { randomBytes } from "node:crypto";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceProvider } from "~/components/nonce";
import { config } from "~/services/config.server";
import { applySecurityHeaders } from "~/services/security-headers.server";
import { loggablePath, logger } from "~/services/logger.server";
import { keepErrorAnswersPrivate, keepSignedInPagesPrivate } from "~/services/response-cache/cache-control.server";

export const streamTimeout = 5_000;

/** Errors thrown in loaders, actions and rendering: one log line with the request's id (aborted requests are not errors). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const url = new URL(request.url);
  const where = { reqId: context.requestId, method: request.method, path: loggablePath(url.pathname + url.search) };
  // A refusal the router raised for the client (a cross-site post, a method a route does not serve) is the
  // client's error: noted, not alarmed about. Everything else is ours.
  if ((isRouteErrorResponse(error) && error.status < 500) || isRouterCsrfRefusal(error)) {
    logger.info({ ...where, status: isRouteErrorResponse(error) ? error.status : 400 }, "request refused");
    return;
  }
  logger.error({ err: error, ...where }, "request error");
};

/** React Router's own cross-site action check throws these (answered 400); they carry no status to tell by. */
const ROUTER_CSRF_MESSAGES = /does not match `origin` header|`origin` header is not a valid URL|^Bad Request$/;
function isRouterCsrfRefusal(error: unknown): boolean {
  return error instanceof Error && ROUTER_CSRF_MESSAGES.test(error.message);
}

/** `.data` answers (client navigations): a signed-in visitor's are never public. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  keepSignedInPagesPrivate(request, response.headers);
  keepErrorAnswersPrivate(response.status, response.headers);
  return response;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  const nonce = randomBytes(16).toString("base64");
  keepSignedInPagesPrivate(request, responseHeaders);
  keepErrorAnswersPrivate(responseStatusCode, responseHeaders);
  applySecurityHeaders(responseHeaders, nonce, !config().isProduction);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and no-JS clients get the whole document at once.
    const wholeDocument = (userAgent && isbot(userAgent)) || routerContext.isSpaMode;
    const sendDocument = () => {
      shellRendered = true;
      const body = new PassThrough();
      const stream = createReadableStreamFromReadable(body);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      rendering.pipe(body);
    };
    // Cleared as soon as the whole document is rendered: a pending timer would hold the render (the request,
    // React's tree) for its 6 s, long enough to move it into the old generation, on every page.
    const abortTimer = setTimeout(() => rendering.abort(), streamTimeout + 1000);
    const rendering = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // A Suspense boundary that is complete when its part of the document goes out is written in place.
        // React's default moves one that ends after the first 12,800 bytes to the document's end and shows it
        // with a script, which a visitor without JavaScript never runs (the seller page's review form).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          if (!wholeDocument) sendDocument();
        },
        onAllReady() {
          clearTimeout(abortTimer);
          if (wholeDocument) sendDocument();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered)
            logger.error({ err: error, path: new URL(request.url).pathname }, "streaming render error");
        },
      },
    );
  });
}
