import Provider from "oidc-provider";

// The tests' OpenID Connect provider (oidc-provider, with its development login screen: any login name, any
// password; the login name becomes the email): the Playwright run's own process (oidc-provider.ts) and the
// vitest HTTP tests, which serve it in their process.
export function oidcProvider(issuer: string, client: { id: string; secret: string; redirectUri: string }): Provider {
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: [client.redirectUri],
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
  return provider;
}
