import "react-router";

declare module "react-router" {
  // The server (server/app.ts) hands every request a RouterContextProvider carrying these two values.
  interface RouterContextProvider {
    /** The client's address as the server sees it (TRUST_PROXY decides whether X-Forwarded-For counts). */
    clientAddress: string;
    /** The request's id (also sent as X-Request-Id), for log lines about it. */
    requestId?: string;
  }
}
