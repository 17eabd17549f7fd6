/**
 * The real actions bench/paper-proof.ts drafts every paper for, and the choices an attorney makes in
 * the plans that are not left to the defaults (issue 19, "Proof").
 *
 * The actions are the project's own copies (src/domain/office-action/fixtures, test/fixtures/file-01,
 * test/fixtures/art). The texts give the application number and little else: where an action names
 * no examiner, art unit or title, the docket entry carries a stand-in (marked STAND-IN), so the
 * papers can be built; the findings never count those as defects. Mailing dates are relative to the
 * day of the run, so deadlines are live. The arguments below only state what the action, the claims
 * held and the reference held say.
 */
import { readFileSync } from 'node:fs';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const corpus = (id: string) => read(`src/domain/office-action/fixtures/${id}.txt`);

export type Entity = 'large' | 'small' | 'micro';

/** A plan an attorney edits: per-claim strategy, claim text, and arguments keyed by the ground's basis. */
export interface AttorneyPlan {
  label: string;
  strategies: Record<number, string>;
  texts?: Record<number, string>;
  /** Arguments by the ground's basis or kind (`101`, `102`, `103`, `112b`, `dp`, `claim_objection`, `restriction`): one text for every such ground, or one per ground in order. */
  arguments: Record<string, string | string[]>;
  election?: { group: string; traverse: boolean };
}

export interface ProofAction {
  id: string;
  text: string;
  kind: 'CTNF' | 'CTRS' | 'NOA';
  application: {
    number: string;
    invention_title: string;
    filing_date: string;
    examiner_name: string;
    art_unit: string;
    attorney_docket_number: string;
    entity_status: Entity;
  };
  clientMatter: string;
  /** The docket entry's entity status (fees follow it); absent: the record's. */
  entitySize?: Entity;
  mailedDaysAgo: number;
  /** Documents added to the application's file (POST /api/docket/{id}/documents). */
  file?: { kind: 'claims' | 'reference'; text: string; publication_number?: string }[];
  /** The claims as a listing, to compare the papers' dependency statements with. */
  claimsListing?: string;
  plans?: AttorneyPlan[];
  /** A drawing sheet that makes sense for this application (a new figure of what the claims recite). */
  drawing?: Record<string, unknown>;
}

const FILE01_AMENDMENT =
  '; and wherein the first bandwidth region and the second bandwidth region are non-overlapping subdivisions of the 5GHz bandwidth region encompassing one or more center frequencies and separated by a cutoff region';
const claims01 = read('test/fixtures/file-01/claims-as-examined.txt');
const claimText = (listing: string, n: number) => new RegExp(`^${n}\\. (.*)$`, 'm').exec(listing)![1].trim();
const amended = (n: number) => `${claimText(claims01, n).replace(/\.$/, '')}${FILE01_AMENDMENT}.`;

/** What the attorney who prosecuted 15/091,542 did (claims as allowed): claim 2's limitation into 1, 7 and 14, claim 5 onto claim 4. */
const file01Plan: AttorneyPlan = {
  label: 'plan',
  strategies: { 1: 'amend_narrow', 7: 'amend_narrow', 14: 'amend_narrow', 2: 'cancel', 8: 'cancel', 15: 'cancel', 5: 'amend_clarify' },
  texts: { 1: amended(1), 7: amended(7), 14: amended(14), 5: claimText(claims01, 5).replace('of Claim 2', 'of Claim 4') },
  arguments: {
    '112b': 'Claim 5 now depends from claim 4, which introduces "a bandpass filter (BPF)", so "the BPF" in claim 5 has antecedent basis.',
    '101':
      'Claims 1, 7 and 14 as amended do not recite a mental process or a method of organizing human activity: they require transmitting and receiving datasets on two communication subchannels whose bandwidth regions are non-overlapping subdivisions of the 5GHz band separated by a cutoff region, and reassigning part of a subchannel based on the assessed load. Those are operations of a radio on a physical medium that cannot be performed in the mind. Even if the claims were found to recite an abstract idea, the claims as a whole integrate it into a practical application, the assignment of radio spectrum between WLAN subchannels (MPEP 2106.04(d)). The Office Action relies on Bascom (filtering content), Classen and FairWarning (collecting and analyzing information), none of which concerns the allocation of radio frequency bands.',
    '102':
      'Laroia does not describe a WLAN device, the 5GHz band, or subdivisions of that band separated by a cutoff region. Paragraph [0065], cited for the WLAN limitation, says only that the methods may be used with CDMA, OFDM and other techniques between access nodes and mobile devices. Paragraph [0009] describes fixed filters, one per subcarrier, whose cutoff regions are matched to the subcarrier frequencies; it says nothing of subdividing the 5GHz band. Laroia therefore does not disclose every limitation of claims 1, 7 and 14 as amended, arranged as in the claims, and the rejection of those claims and of the claims depending from them should be withdrawn.',
    '103':
      'Claim 13 depends from claim 7. Zhu is cited only for a USB or Firewire peripheral and does not supply what Laroia lacks (see the remarks on the rejection under 35 U.S.C. 102), so the combination does not teach every limitation of claim 13.',
  },
};

/**
 * 16/058,002: a terminal disclaimer for claim 2's double patenting; claim 4's typo corrected (its text is not held, so the
 * listing keeps a place); 112(f) and the art argued on the action's own words for every other claim.
 */
const argued09 = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [i + 1, 'argue_distinction']).filter(([n]) => n !== 2 && n !== 4));
const action09Plan: AttorneyPlan = {
  label: 'plan',
  strategies: { ...argued09, 2: 'terminal_disclaimer', 4: 'amend_clarify' },
  arguments: {
    '112b': [
      'The claims do not use the word "means". A limitation without it is presumed not to invoke 35 U.S.C. 112(f), and the presumption is overcome only if the term fails to recite sufficiently definite structure (Williamson v. Citrix Online, 792 F.3d 1339 (Fed. Cir. 2015) (en banc); MPEP 2181, I). "Expansion device" names a class of structures well known in refrigeration, such as expansion valves and capillary tubes; the Office Action itself identifies expansion mechanisms 26 and 10 of Sakae as the claimed first and second expansion devices. The limitation therefore does not invoke 35 U.S.C. 112(f), and the rejection of claims 1-31 should be withdrawn.',
      'Claims 5-8, 15-19, 21-26 and 28-31 are rejected only through their dependency from claims 4, 14, 20 and 27; they are definite for the reasons given above.',
    ],
    '102':
      'Claims 4 and 9 require at least one controller "operable to switch operation of the first and second compressors from the steady state mode of operation to the high-load mode of operation in response to the signal" of the sensor. A controller so limited is structurally limited by its programming; the limitation is not a statement of intended use. The Office Action does not point to any passage of Sakae in which controller 32 switches the compressors between two modes in response to a discharge-pressure signal, and instead treats the limitation as a capability. It also identifies item 23 both as the sensor of claim 9 and as the controller of claim 4, so the rejection does not establish which element of Sakae meets which limitation. Sakae does not anticipate claims 4 and 9 or claims 5-7 and 10-12, which depend from them.',
    claim_objection:
      'Claim 4 is corrected as the Office Action suggests. Claims 5-8 are objected to only through their dependency from claim 4, so the correction of claim 4 answers the objection to them as well.',
    '103':
      'Claims 8 and 13 depend from claims 4 and 9 and are patentable for the reasons given for those claims; Kuehl is cited only for a variable speed condenser fan and does not supply the controller that switches modes in response to the sensor signal.',
  },
};

/** 16/546,449: argue the combination on the action's own findings; the objected and allowable claims kept. */
const action04Plan: AttorneyPlan = {
  label: 'plan',
  strategies: {
    1: 'argue_distinction',
    2: 'argue_distinction',
    3: 'no_action',
    4: 'no_action',
    5: 'no_action',
    6: 'no_action',
    7: 'no_action',
    8: 'no_action',
  },
  arguments: {
    '103':
      'The Office Action finds that Rebmann does not disclose a projection part with a plurality of projections, or projections that are absent on at least part of the outer peripheral surface at the upper side end facing the adjacent cylinder bore. Wang is cited for projections on the exterior surfaces of a liner (Fig. 3a) but, as the Office Action describes it, places them over the surfaces that mate with the block; it does not teach leaving them off the part of the upper side end that faces another bore. The limitation that the projections are absent there comes from the Office Action\'s own proposal ("so, not the area of gaps 6a"), not from either reference, and so is reached only with the benefit of the claims (MPEP 2142, 2143.03). Claims 1 and 2 are therefore not obvious over Rebmann in view of Wang.',
  },
};

/** Corpus 15: Group I elected, traversed on the burden of search the action's own relation gives. */
const action15Plan: AttorneyPlan = {
  label: 'plan-elect',
  strategies: {},
  election: { group: 'I', traverse: true },
  arguments: {
    restriction:
      'The Office Action relates Groups I and II as a process and an apparatus for its practice. Because the apparatus of Group II is the apparatus for practicing the process of Group I, a search for the process would necessarily encounter the apparatus, and examining both groups together would not be a serious burden (MPEP 803, 808.02). Applicant requests that the requirement be withdrawn.',
  },
};

export const ACTIONS: ProofAction[] = [
  {
    id: '01',
    text: corpus('01'),
    kind: 'CTNF',
    mailedDaysAgo: 100,
    clientMatter: 'ROE-0101-US',
    application: {
      number: '15091542',
      invention_title: 'MULTI RADIO WIRELESS LAN NETWORKS',
      filing_date: '2016-04-05',
      examiner_name: 'NGUYEN, PHUONGCHAU BA',
      art_unit: '2464',
      attorney_docket_number: 'REC-0101',
      entity_status: 'large',
    },
  },
  {
    id: '02',
    text: corpus('02'),
    kind: 'CTNF',
    mailedDaysAgo: 45,
    clientMatter: 'ROE-0102-US',
    application: {
      number: '14937767',
      invention_title: 'BIOMETRIC MONITORING SYSTEM (STAND-IN TITLE)',
      filing_date: '2015-11-10',
      examiner_name: 'STAND-IN, EXAMINER',
      art_unit: '3791',
      attorney_docket_number: 'REC-0102',
      entity_status: 'large',
    },
  },
  {
    id: '04',
    text: corpus('04'),
    kind: 'CTNF',
    mailedDaysAgo: 45,
    clientMatter: 'ROE-0104-US',
    entitySize: 'small',
    application: {
      number: '16546449',
      invention_title: 'CYLINDER LINER (STAND-IN TITLE)',
      filing_date: '2019-08-21',
      examiner_name: 'STAND-IN, EXAMINER',
      art_unit: '3747',
      attorney_docket_number: 'REC-0104',
      entity_status: 'large',
    },
    plans: [action04Plan],
  },
  {
    id: '06',
    text: corpus('06'),
    kind: 'CTNF',
    mailedDaysAgo: 45,
    clientMatter: 'ROE-0106-US',
    application: {
      number: '14865757',
      invention_title: 'MEMS REINFORCEMENT (STAND-IN TITLE)',
      filing_date: '2015-09-25',
      examiner_name: 'STAND-IN, EXAMINER',
      art_unit: '2874',
      attorney_docket_number: 'REC-0106',
      entity_status: 'large',
    },
  },
  {
    id: '09',
    text: corpus('09'),
    kind: 'CTNF',
    mailedDaysAgo: 45,
    clientMatter: 'ROE-0109-US',
    entitySize: 'micro',
    application: {
      number: '16058002',
      invention_title: 'TWO-STAGE CASCADE REFRIGERATION SYSTEM (STAND-IN TITLE)',
      filing_date: '2018-08-08',
      examiner_name: 'STAND-IN, EXAMINER',
      art_unit: '3763',
      attorney_docket_number: 'REC-0109',
      entity_status: 'large',
    },
    plans: [action09Plan],
  },
  {
    id: '11',
    text: corpus('11'),
    kind: 'NOA',
    mailedDaysAgo: 30,
    clientMatter: 'ROE-0111-US',
    entitySize: 'small',
    application: {
      number: '14671321',
      invention_title: 'ALLOWED APPLICATION (STAND-IN TITLE)',
      filing_date: '2015-03-27',
      examiner_name: 'MARTINEZ, DAVID E',
      art_unit: '2181',
      attorney_docket_number: 'REC-0111',
      entity_status: 'large',
    },
  },
  {
    id: '15',
    text: corpus('15'),
    kind: 'CTRS',
    mailedDaysAgo: 20,
    clientMatter: 'ROE-0115-US',
    application: {
      number: '16777001',
      invention_title: 'LINER TESTING METHODS AND APPARATUS (STAND-IN)',
      filing_date: '2019-08-26',
      examiner_name: 'STAND-IN, EXAMINER',
      art_unit: '1636',
      attorney_docket_number: 'REC-0115',
      entity_status: 'large',
    },
    plans: [action15Plan],
  },
  {
    id: 'file-01',
    text: read('test/fixtures/file-01/office-action.txt'),
    kind: 'CTNF',
    mailedDaysAgo: 100,
    clientMatter: 'ROE-0201-US',
    entitySize: 'small',
    application: {
      number: '15091542',
      invention_title: 'MULTI RADIO WIRELESS LAN NETWORKS',
      filing_date: '2016-04-05',
      examiner_name: 'NGUYEN, PHUONGCHAU BA',
      art_unit: '2464',
      attorney_docket_number: 'REC-0201',
      entity_status: 'large',
    },
    file: [
      { kind: 'claims', text: claims01 },
      { kind: 'reference', text: read('test/fixtures/file-01/reference-US20050025220.txt'), publication_number: 'US 2005/0025220 A1' },
    ],
    claimsListing: claims01,
    plans: [file01Plan],
    drawing: {
      figure_label: 'FIG. 6',
      kind: 'flow',
      sheet_label: 'new',
      nodes: [
        { id: 'a', label: 'Associate first subchannel with first bandwidth region', ref_numeral: 602, shape: 'box' },
        { id: 'b', label: 'Associate second subchannel with second bandwidth region', ref_numeral: 604, shape: 'box' },
        { id: 'c', label: 'Transmit and receive first and second datasets', ref_numeral: 606, shape: 'io' },
        { id: 'd', label: 'Assess load on the subchannels', ref_numeral: 608, shape: 'box' },
        { id: 'e', label: 'Reassign part of the first subchannel', ref_numeral: 610, shape: 'box' },
      ],
      edges: [
        { from: 'a', to: 'b' },
        { from: 'b', to: 'c' },
        { from: 'c', to: 'd' },
        { from: 'd', to: 'e' },
      ],
    },
  },
  {
    id: 'set-01',
    text: read('test/fixtures/art/set-01-15218936/action.txt'),
    kind: 'CTNF',
    mailedDaysAgo: 45,
    clientMatter: 'ROE-0301-US',
    application: {
      number: '15218936',
      invention_title: 'PACKER ASSEMBLY FOR A BLOWOUT PREVENTER (STAND-IN TITLE)',
      filing_date: '2016-07-25',
      examiner_name: 'WADDY, JONATHAN',
      art_unit: '3753',
      attorney_docket_number: 'REC-0301',
      entity_status: 'large',
    },
    file: [
      { kind: 'reference', text: read('test/fixtures/art/set-01-15218936/reference-US4458876.txt'), publication_number: 'US 4,458,876' },
      { kind: 'reference', text: read('test/fixtures/art/set-01-15218936/reference-US3915426.txt'), publication_number: 'US 3,915,426' },
    ],
  },
  {
    id: 'set-02',
    text: read('test/fixtures/art/set-02-15218841/action.txt'),
    kind: 'CTNF',
    mailedDaysAgo: 45,
    clientMatter: 'ROE-0302-US',
    entitySize: 'small',
    application: {
      number: '15218841',
      invention_title: 'DOT PATTERN (STAND-IN TITLE)',
      filing_date: '2016-07-25',
      examiner_name: 'KIM, AHSHIK',
      art_unit: '2876',
      attorney_docket_number: 'REC-0302',
      entity_status: 'large',
    },
    file: [{ kind: 'reference', text: read('test/fixtures/art/set-02-15218841/reference-US8430328B2.txt'), publication_number: 'US 8,430,328 B2' }],
  },
];

/** An IDS listing (stand-in documents, real publications from test/fixtures/art/uspto-xml). */
export const IDS_LISTING = {
  us_patents: [
    { number: '8,930,553', kind_code: 'B2', date: '2015-01-06', patentee_or_applicant: 'Nissim' },
    { number: '7,272,630', kind_code: 'B2', date: '2007-09-18', patentee_or_applicant: 'Douceur et al.' },
  ],
  us_publications: [{ number: '2018/0000016', kind_code: 'A1', date: '2018-01-04', patentee_or_applicant: 'Amiya et al.' }],
  non_patent_literature: [{ citation: 'Search report of the corresponding foreign application (stand-in listing)' }],
};

/** The after-final forms need a final rejection; no real one is held, so the demo record 17/345,678 (CTFR) carries them. */
export const DEMO_FINAL = {
  id: 'demo-final',
  number: '17345678',
  clientMatter: 'ROE-0401-US',
  entitySize: 'small' as Entity,
  preAppeal: [
    {
      heading: 'Rejection of the claims under 35 U.S.C. 103',
      text: "The final rejection relies on the same combination as the first action and does not answer Applicant's showing that neither reference teaches the claimed limitation; a clear error in the examiner's factual finding is therefore present (demo record: stand-in argument).",
    },
  ],
};
