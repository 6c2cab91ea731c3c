// A real OpenID Connect provider on loopback for the Google sign-in tests (oidc-provider-config.ts).
// Started by Playwright as a second web server: OIDC_PORT, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI.
import { oidcProvider } from "./oidc-provider-config";

const port = Number(process.env.OIDC_PORT ?? 3231);
const issuer = `http://127.0.0.1:${port}`;

const provider = oidcProvider(issuer, {
  id: process.env.OIDC_CLIENT_ID ?? "bwp-e2e",
  secret: process.env.OIDC_CLIENT_SECRET ?? "bwp-e2e-secret",
  redirectUri: process.env.OIDC_REDIRECT_URI ?? "http://127.0.0.1:3230/auth/google/callback",
});
provider.listen(port, "127.0.0.1", () => console.log(`oidc provider listening on ${issuer}`));
