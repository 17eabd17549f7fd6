// Preloaded with `node --import` by test/speed/cli-startup.test.ts and bench/speed-goals.ts: counts
// every module the process loads and prints their URLs to stderr at exit (after a marker line).
import { registerHooks } from 'node:module';

const loaded: string[] = [];
registerHooks({
  load(url, context, nextLoad) {
    loaded.push(url);
    return nextLoad(url, context);
  },
});
process.on('exit', () => {
  process.stderr.write(`\n--- modules loaded: ${loaded.length}\n${loaded.join('\n')}\n`);
});
