/**
 * A LOCAL OpenID provider for third-party sign-in tests: `oidc-provider` (panva) on a loopback
 * port playing Google or Microsoft. One client is registered for Prosa; `findAccount` answers the
 * claims of the user the test chose (`signInAs`), including `email_verified`; the interaction
 * routes log that user in and consent at once (no pages), or decline (`declineNext`).
 */
import { createServer, type Server } from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import Provider, { type Configuration } from 'oidc-provider';

export interface IdpUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface LocalIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The user the next interaction logs in. */
  signInAs(user: IdpUser): void;
  /** The next interaction ends with error=access_denied (the user declined consent). */
  declineNext(): void;
  close(): Promise<void>;
}

export interface LocalIdpOptions {
  /** Prosa's callback URL(s), registered as the client's redirect URIs. */
  redirectUris: string[];
  /** true (like Google): e-mail claims in the ID token; false: only from userinfo. */
  emailInIdToken?: boolean;
}

export async function startLocalIdp(opts: LocalIdpOptions): Promise<LocalIdp> {
  let user: IdpUser = { sub: 'nobody' };
  const users = new Map<string, IdpUser>();
  let decline = false;
  const clientId = 'prosa-test-client';
  const clientSecret = 'prosa-test-client-secret-0123456789';
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-idp', use: 'sig', alg: 'RS256' };

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  const configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: opts.emailInIdToken === false,
    cookies: { keys: ['local-idp-cookie-key-0123456789'] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_c: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_c: unknown, sub: string) {
      const u = users.get(sub);
      if (!u) return undefined;
      return { accountId: sub, claims: () => ({ ...u }) };
    },
  };
  const provider = new Provider(issuer, configuration as unknown as Configuration);
  const callback = provider.callback();

  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (decline) {
        decline = false;
        return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user declined.' }, { mergeWithLastSubmission: false });
      }
      if (details.prompt.name === 'login') {
        users.set(user.sub, user);
        return provider.interactionFinished(req, res, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false });
      }
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(u) {
      user = u;
    },
    declineNext() {
      decline = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
