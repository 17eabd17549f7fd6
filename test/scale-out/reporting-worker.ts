/**
 * A `--role worker` process that tells which job it is working on: the real worker (startServer
 * with the worker role, the same code `prosa serve --role worker` runs) with the worker's
 * `afterStep` seam printing `step <job id> <progress>` and then holding the job for
 * SCALE_OUT_STEP_HOLD_MS. The scale-out test kills it (SIGKILL) while it holds a job, so the
 * kill lands mid-job by construction rather than by timing.
 *
 *   DATABASE_URL=... SCALE_OUT_STEP_HOLD_MS=60000 node test/scale-out/reporting-worker.ts
 */
import { loadConfig } from '../../src/config.ts';
import { startServer } from '../../src/server.ts';

const hold = Number(process.env.SCALE_OUT_STEP_HOLD_MS ?? 0);
const server = await startServer(loadConfig(), ['worker'], {
  worker: {
    afterStep: async (jobId, progress) => {
      process.stdout.write(`step ${jobId} ${progress}\n`);
      if (hold > 0) await new Promise((r) => setTimeout(r, hold));
    },
  },
});
process.stdout.write(`reporting worker listening on ${server.address}\n`);
process.once('SIGTERM', () => void server.stop().then(() => process.exit(0)));
