/**
 * Response plans (pure domain: no I/O, no clock): the server-side object behind the guided
 * response wizard (MCP tools and the web app edit the same plan).
 *
 *   deriveGrounds(analysisRecord, actionText?)      → every ground and objection, with stable ids
 *   buildPlanView(analysisRecord, edits, text?)     → grounds + per-claim strategy, texts, markup
 *   setStrategy / setGroundStrategy / setClaimText / setArgument / setElection (record, edits, ...) → edits
 *   completenessOf(view)                            → what is answered, by what, and what is missing
 *   previewOf(view)                                 → an outline of the paper, placeholders counted
 *   standardsFor(ground)                            → the legal standard and its MPEP sections
 */
export * from './types.ts';
export * from './strategies.ts';
export * from './grounds.ts';
export * from './markup.ts';
export * from './election.ts';
export * from './plan.ts';
export * from './completeness.ts';
export * from './preview.ts';
export * from './legal-standards.ts';
