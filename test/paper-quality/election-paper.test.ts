/**
 * Issue 19 item 2, the paper's side: a restriction reply elects only what was chosen. Corpus 15
 * (Group I = claims 10-13 and 38-42, Group II = claims 27-37): every claim is `elect` in the
 * analysis (subject to the requirement), which is no choice; without a known group the claims
 * named are those set to elect one by one, else a bracketed place; with no word on traverse the
 * election is with traverse.
 */
import { describe, expect, it } from 'vitest';
import { draft, inputFor, recordOf, corpusText } from '../responses/support.ts';
import { electionShortfall } from '../../src/commands/draft-requests/election.ts';

const record = recordOf(corpusText('15'));
/** The same action where the parser could not read the groups (the label cannot be checked). */
const unread = { ...record, restriction_groups: [] };

describe('the election paragraph', () => {
  it('with no election (the builder is never given one through HTTP) it elects nothing: both the group and the claims are places to fill, with traverse', async () => {
    const { doc } = await draft(inputFor(record, { accept_incomplete: true }));
    expect(doc.text).toContain('Applicant elects [Group elected], [claims of the elected group], with traverse.');
    expect(doc.text).not.toMatch(/elects \[Group elected\], claims \d/);
    expect(doc.text).not.toContain(', without traverse.');
  });

  it('with a group the analysis could not check, the claims are not all of them: a place to fill', async () => {
    const { doc } = await draft(inputFor(unread, { election: { group: 'II', with_traverse: true } }));
    expect(doc.text).toContain('Applicant elects Group II, [claims of the elected group], with traverse.');
  });

  it('with a group the analysis could not check, the claims the caller set to elect are named', async () => {
    const selections = Object.fromEntries([27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37].map((n) => [`claim_${n}`, 'elect' as const]));
    const { doc } = await draft(inputFor(unread, { election: { group: 'II', with_traverse: false }, strategy_selections: selections }));
    expect(doc.text).toContain('Applicant elects Group II, claims 27-37, without traverse.');
  });

  it('an explicit waiver is honoured: without traverse, no traverse paragraph', async () => {
    const { doc } = await draft(inputFor(record, { election: { group: 'I', with_traverse: false } }));
    expect(doc.text).toContain('Applicant elects Group I, claims 10-13 and 38-42, without traverse.');
    expect(doc.text).not.toContain('Applicant traverses');
  });
});

describe('what an election lacks (electionShortfall)', () => {
  const groups = [
    { label: 'I', kind: 'invention' as const, claims: [1, 2] },
    { label: 'A', kind: 'species' as const, claims: [2] },
  ];
  it('names what is missing, and nothing when the election is made', () => {
    expect(electionShortfall(undefined, groups)).toBe('no election was given');
    expect(electionShortfall({ with_traverse: true }, groups)).toBe('the election names no group');
    expect(electionShortfall({ group: 'I', with_traverse: true }, groups)).toMatch(/election of species/);
    expect(electionShortfall({ group: 'I', species: 'A', with_traverse: true }, groups)).toBeNull();
    expect(electionShortfall({ with_traverse: true }, [])).toBe('the election names neither a group nor a species');
    expect(electionShortfall({ species: 'B', with_traverse: true }, [])).toBeNull();
  });
});
