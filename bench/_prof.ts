import { parseOfficeAction, buildClaimAnalyses } from '/work/main/src/domain/office-action/index.ts';
import { verifyEvidence } from '/work/main/src/domain/office-action/spans.ts';
const t = 'Claims 1-5 are rejected under 35 U.S.C. 102 as being anticipated by Smith (US 8,123,456 B2). '.repeat(12000);
let t0 = performance.now();
const p = parseOfficeAction(t, { stage: (name, run) => { const s = performance.now(); const r = run(); console.log(name, (performance.now() - s).toFixed(0)); return r; } });
console.log('parse', (performance.now() - t0).toFixed(0));
t0 = performance.now(); const a = buildClaimAnalyses(p); console.log('breakdown', (performance.now() - t0).toFixed(0));
t0 = performance.now(); verifyEvidence(t, { p, a }); console.log('verify', (performance.now() - t0).toFixed(0));
