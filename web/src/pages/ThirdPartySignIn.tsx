import { useSignInProviders, type SignInProvider } from '../api/identities.ts';

const NAMES: Record<string, string> = { google: 'Google', microsoft: 'Microsoft' };

/**
 * What each `sign_in_error` code of the server's third-party sign-in means, in words. The server
 * sends only a code (never text to display), so a crafted link cannot put words on this page.
 */
export function signInErrorText(code: string, providerId: string | null): string {
  const p = NAMES[providerId ?? ''] ?? 'The provider';
  switch (code) {
    case 'access_denied':
      return `Sign-in with ${p} was cancelled: Prosa did not get permission. Try again, or sign in with your e-mail and password.`;
    case 'state_mismatch':
      return `Sign-in with ${p} could not be completed in this browser (it was started in another tab or browser, or the page was reloaded). Please start again.`;
    case 'expired':
      return `Sign-in with ${p} took too long or was already used. Please start again.`;
    case 'provider_unavailable':
      return `${p} cannot be reached right now. Try again in a few minutes, or sign in with your e-mail and password.`;
    case 'email_in_use_unverified':
      return `A Prosa account already uses this e-mail address, and ${p} did not confirm that the address is yours, so the two were not joined. Sign in with your password, then link ${p} under Settings > Profile.`;
    case 'identity_in_use':
      return `This ${p} account is already linked to another Prosa account. Sign out and sign in with ${p} to use that account, or remove the link there first.`;
    case 'email_missing':
      return `${p} did not share an e-mail address, and every Prosa account needs one. Allow access to your e-mail address at ${p} and try again.`;
    case 'invalid_request':
      return `The answer from ${p} could not be read: the link was incomplete or altered. Please start again.`;
    case 'rate_limited':
      return `Too many sign-in attempts came from your network address. Wait a minute, then try again.`;
    case 'unknown_provider':
      return `This sign-in option is not available on this Prosa server. Sign in with your e-mail and password.`;
    case 'temporarily_unavailable':
      return `Prosa cannot complete sign-ins right now. Try again in a few minutes.`;
    case 'server_error':
      return `Something went wrong on Prosa's side while signing you in with ${p}. Please try again; if it keeps happening, sign in with your e-mail and password.`;
    default:
      return `Sign-in with ${p} did not succeed. Please try again.`;
  }
}

function startHref(p: SignInProvider, params: Record<string, string>): string {
  const q = new URLSearchParams(params).toString();
  return q ? `${p.start_url}?${q}` : p.start_url;
}

/** "Sign in with Google / Microsoft" links, only for the providers the server has configured. */
export function ThirdPartyButtons({ verb, next }: { verb: 'Sign in' | 'Sign up'; next?: string }) {
  const providers = useSignInProviders();
  const list = providers.data?.providers ?? [];
  if (list.length === 0) return null;
  return (
    <div className="mt-6">
      <div className="relative mb-4 text-center text-sm text-slate-600">
        <span aria-hidden="true" className="absolute inset-x-0 top-1/2 border-t border-slate-300" />
        <span className="relative bg-white px-2">or</span>
      </div>
      <ul className="space-y-2">
        {list.map((p) => (
          <li key={p.id}>
            <a
              href={startHref(p, next && next !== '/' ? { next } : {})}
              className="flex w-full items-center justify-center rounded-md border border-slate-400 bg-white px-3.5 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            >
              {verb} with {p.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function linkHref(p: SignInProvider): string {
  return startHref(p, { link: '1' });
}
