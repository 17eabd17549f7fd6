import { analyzeOfficeAction } from '../src/domain/office-action/index.ts';
import { readFileSync } from 'node:fs';
for (const f of process.argv.slice(2)) {
  const t = readFileSync(f, 'utf8');
  const r = analyzeOfficeAction(t);
  const p = r.parsed;
  console.log('=====', f, p.kind.kind, p.kind.confidence, p.metadata.application_number?.display, p.metadata.examiner?.normalized, p.metadata.art_unit?.value, p.metadata.mailing_date?.value, 'verified', r.citations_verified, 'conf', r.confidence);
  for (const x of p.rejections) console.log('REJ', x.claims.join(','), x.bases.join('|'), x.statutes.map(s=>s.citation).join(' / '), '|', x.references.map(y=>y.label + (y.conflicting_claims.length? ' c'+y.conflicting_claims:'')).join(' ; '), x.derived_from ? x.derived_from.kind + ':' + x.derived_from.parent_claims : '', x.provisional ? 'PROV':'');
  for (const o of p.objections) console.log('OBJ', o.claims.join(','), o.type, o.allowable_if_rewritten, o.parent_claims, o.detail?.text.slice(0,60));
  for (const o of p.document_objections) console.log('DOBJ', o.target);
  for (const a of p.allowability) console.log('ALW', a.claims.join(','), a.kind);
  for (const d of p.dispositions) console.log('DSP', d.claims.join(','), d.disposition);
  for (const g of p.restriction_groups) console.log('GRP', g.kind, g.label, g.claims.join(','), g.subject);
  if (p.summary.found) console.log('SUM', JSON.stringify({pending: p.summary.pending, rej: p.summary.rejected, all: p.summary.allowed, obj: p.summary.objected, wd: p.summary.withdrawn}));
  console.log('STRUCT', p.claim_structure.map(c => `${c.claim_number}:${c.independent?'I':'D'}${c.depends_on??''}/${c.source[0]}`).join(' '));
  console.log('PIN', p.pinpoints.length, p.pinpoints.slice(0,6).map(x => `${x.claims}:${x.evidence.text}@${x.reference_name}`).join(' | '));
  console.log('INFO', p.information_requirements.length, 'WARN', p.warnings.map(w=>w.code).join(','));
  for (const a of r.claim_analyses) console.log('  ', a.claim_number, a.status, JSON.stringify(a.basis), a.prior_art.join(' ; '), '=>', a.recommendation, a.strategy.alternatives.join('/'), a.independent, a.depends_on, a.restriction_group ?? '');
}
