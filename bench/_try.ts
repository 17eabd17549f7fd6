import { parseOfficeAction } from '/work/main/src/domain/office-action/parse.ts';
import { readFileSync } from 'node:fs';
for (const f of ['01','02','04','06','09','11','15']) {
  const t = readFileSync(`/work/main/src/domain/office-action/fixtures/${f}.txt`, 'utf8');
  const p = parseOfficeAction(t);
  console.log('=====', f, p.kind.kind, p.kind.confidence, p.metadata.application_number?.value, p.metadata.examiner?.normalized, p.metadata.art_unit?.value);
  for (const r of p.rejections) console.log('REJ', r.claims.join(','), r.bases.join('|'), r.statutes.map(s=>s.citation).join(' / '), '|', r.references.map(x=>x.label).join(' ; '), r.derived_from?.kind ?? '', r.confidence);
  for (const o of p.objections) console.log('OBJ', o.claims.join(','), o.type, o.allowable_if_rewritten, o.parent_claims, o.detail?.text.slice(0,60));
  for (const a of p.allowability) console.log('ALW', a.claims.join(','), a.kind);
  for (const d of p.dispositions) console.log('DSP', d.claims.join(','), d.disposition);
  for (const g of p.restriction_groups) console.log('GRP', g.label, g.claims.join(','), g.subject);
  console.log('STRUCT', p.claim_structure.map(c => `${c.claim_number}:${c.independent?'I':'D'}${c.depends_on??''}/${c.source[0]}`).join(' '));
  console.log('PIN', p.pinpoints.length, p.pinpoints.slice(0,5).map(x => `${x.claims}:${x.evidence.text}@${x.reference_name}`).join(' | '));
  console.log('WARN', p.warnings.map(w=>w.code).join(','));
}
