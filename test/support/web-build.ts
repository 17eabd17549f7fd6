import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = fileURLToPath(new URL('../../web', import.meta.url));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    newest = Math.max(newest, st.isDirectory() ? newestMtime(p) : st.mtimeMs);
  }
  return newest;
}

/** Builds web/ into web/dist when the build is missing or older than its sources (`npm test` builds it in pretest). */
export async function ensureWebBuild(): Promise<void> {
  const index = join(WEB, 'dist', 'index.html');
  const sources = Math.max(newestMtime(join(WEB, 'src')), statSync(join(WEB, 'index.html')).mtimeMs, statSync(join(WEB, 'vite.config.ts')).mtimeMs);
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  // In a child process with NODE_ENV=production: vitest sets NODE_ENV=test, under which React
  // and its JSX runtime would be bundled in their development builds (four times the size).
  const vite = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));
  execFileSync(process.execPath, [vite, 'build', '--config', join(WEB, 'vite.config.ts'), '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
