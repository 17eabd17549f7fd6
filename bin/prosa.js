#!/usr/bin/env node
// The `prosa` command. Prosa's sources are TypeScript run by Node's built-in type stripping
// (Node >= 22.18). When started by an older Node (say the system Node 20), re-run the same
// command with the Node 24 that the project pins in devDependencies.
import { spawn } from 'node:child_process';
import nodeModule from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const main = `${root}src/main.ts`;

if (process.features?.typescript) {
  // (A default import: the system Node 20 that re-executes below has no such export.)
  // Node keeps the compiled (and type-stripped) modules in its compile cache (NODE_COMPILE_CACHE,
  // else the OS temporary directory) between runs: `prosa --help` takes about 0.2 s instead of
  // 0.8 s, most of which was stripping types and compiling (issue 12).
  nodeModule.enableCompileCache?.();
  await import(main);
} else {
  const pinned = `${root}node_modules/node/bin/node`;
  if (!existsSync(pinned)) {
    console.error(`prosa needs Node.js 22.18 or newer (this is ${process.version}); run npm ci in ${root} to install the pinned Node 24.`);
    process.exit(1);
  }
  const child = spawn(pinned, [main, ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
