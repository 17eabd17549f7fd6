// The Open Data Portal replay (test/support/odp-replay.ts) as a process of its own, for
// bench/watch-pass.ts: BENCH_APPLICATIONS application numbers from 17000000 up, each answering
// the real documents list of 17248024; NEW_EVERY-th one also lists a new CTNF (constructed,
// test/support/watch-replay.ts) whose PDF is served. No artificial delay. Prints its address;
// answers the IPC message 'stats' with the requests it served.
import { OdpReplay } from '../../test/support/odp-replay.ts';
import { documentsList, outgoingPaper, paperPdf } from '../../test/support/watch-replay.ts';

const n = Number(process.env.BENCH_APPLICATIONS ?? 10_000);
const newEvery = Number(process.env.NEW_EVERY ?? 100);
const odp = new OdpReplay();
odp.delayMs = 0;
const plain = documentsList();
const JSON_TYPE = { 'Content-Type': 'application/json' };
let withNew = false;
const route = () => {
  for (let i = 0; i < n; i++) {
    const number = String(17_000_000 + i);
    const fresh = withNew && i % newEvery === 0;
    const id = `MZBENCH${number}`;
    const body = fresh
      ? documentsList([outgoingPaper({ code: 'CTNF', description: 'Non-Final Rejection', identifier: id, officialDate: '2026-11-20T00:00:00.000-0500' })])
      : plain;
    odp.route('GET', `/api/v1/patent/applications/${number}/documents`, { headers: JSON_TYPE, body });
    if (fresh)
      odp.route(
        'GET',
        `/api/v1/download/applications/17248024/${id}.pdf`,
        paperPdf([`Application/Control Number: ${number}`, 'DETAILED ACTION', 'Claims 1-20 are rejected under 35 U.S.C. 103.']),
      );
  }
};
route();
await odp.start();
process.on('message', (m: string) => {
  if (m === 'stats') process.send!({ requests: odp.requests.length });
  if (m === 'new-papers') {
    withNew = true;
    route();
    process.send!({ ok: true });
  }
  if (m === 'stop') void odp.close().then(() => process.exit(0));
});
process.send!({ url: odp.url });
