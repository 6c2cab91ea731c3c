// A real OpenID Connect provider on loopback for the Google sign-in tests (oidc-provider, with its
// development login screen: any login name, any password; the login name becomes the email).
// Started by Playwright as a second web server: OIDC_PORT, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI.
import Provider from "oidc-provider";

const port = Number(process.env.OIDC_PORT ?? 3231);
const issuer = `http://127.0.0.1:${port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.OIDC_CLIENT_ID ?? "bwp-e2e",
      client_secret: process.env.OIDC_CLIENT_SECRET ?? "bwp-e2e-secret",
      redirect_uris: [process.env.OIDC_REDIRECT_URI ?? "http://127.0.0.1:3230/auth/google/callback"],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
    },
  ],
  cookies: { keys: ["bwp-e2e-oidc-cookie-key"] },
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
  pkce: { required: () => true },
  async findAccount(_ctx, id) {
    const email = id.includes("@") ? id.toLowerCase() : `${id.toLowerCase()}@gmail.test`;
    return {
      accountId: id,
      async claims() {
        return { sub: id, email, email_verified: !email.startsWith("unverified"), name: "Google Tester" };
      },
    };
  },
});
provider.proxy = false;
provider.listen(port, "127.0.0.1", () => console.log(`oidc provider listening on ${issuer}`));
