/** The authorization server's error page (the library's renderError): plain, accessible HTML. */
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function renderErrorPage(out: Record<string, string | undefined>): string {
  const code = escapeHtml(String(out.error ?? 'server_error'));
  const description = escapeHtml(String(out.error_description ?? 'The request could not be completed.'));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign-in error · Prosa</title>
<style>body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff;max-width:32rem;margin:3rem auto;padding:0 1rem}h1{font-size:1.5rem}code{background:#f2f2f2;padding:0 .25rem}</style>
</head><body><main>
<h1>The authorization could not be completed</h1>
<p>${description}</p>
<p>Error code: <code>${code}</code></p>
<p>Go back to the application you came from and connect to Prosa again.</p>
</main></body></html>`;
}
