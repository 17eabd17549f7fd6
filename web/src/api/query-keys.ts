import type { AuditFilter } from './audit.ts';
import type { DocketPageParams } from './docket.ts';

/**
 * Every query key of the web app, in one place (the queryOptions factories beside each resource
 * use them; the key test in test/web/query-keys.test.ts fails on a key written anywhere else).
 * Keys nest: invalidating a prefix refreshes everything under it, so a mutation names the
 * prefix of what it changes (`docket.all` refreshes the list, its pages, statuses and each
 * entry; `application.one(n)` every tab of one application). A key's first element names the
 * resource and is never reused by another.
 */
export const queryKeys = {
  me: ['me'] as const,

  analyses: ['analyses'] as const,
  analysis: {
    one: (id: string) => ['analysis', id] as const,
    text: (id: string) => ['analysis', id, 'text'] as const,
  },
  /** The text of one recorded paper (GET /api/correspondence/{id}). */
  paperText: (id: string) => ['correspondence', id] as const,

  /** Prices asked of POST /api/quote: they follow the balance and the entity status. */
  quote: {
    all: ['quote'] as const,
    analyze: (type: string, text: string | null) => ['quote', 'analyze', type, text?.length, text?.slice(0, 64)] as const,
    export: (type: string, form: string | null, applicationNumber: string | null) => ['quote', 'export', type, form, applicationNumber] as const,
  },

  application: {
    all: ['application'] as const,
    one: (number: string | null) => ['application', number] as const,
    deadlines: (number: string) => ['application', number, 'deadlines'] as const,
    history: (number: string) => ['application', number, 'history'] as const,
    correspondence: (number: string) => ['application', number, 'correspondence'] as const,
    plans: (number: string) => ['application', number, 'plans'] as const,
    idsTiming: (number: string) => ['application', number, 'ids-timing'] as const,
  },

  docket: {
    /** The whole docket (GET /api/docket) and the prefix of everything below. */
    all: ['docket'] as const,
    entry: (id: string) => ['docket', 'entry', id] as const,
    pages: (params: DocketPageParams) => ['docket', 'pages', params] as const,
    statuses: ['docket', 'statuses'] as const,
  },
  deadlines: {
    all: ['deadlines'] as const,
    upcoming: (withinDays: number) => ['deadlines', withinDays] as const,
  },

  /** The application file: every key of one entry's file starts with `entry(id)`. */
  file: {
    entry: (entryId: string) => ['file', entryId] as const,
    documents: (entryId: string) => ['file', entryId, 'documents'] as const,
    claimVersions: (entryId: string) => ['file', entryId, 'claim-versions'] as const,
  },
  claimChart: {
    all: ['claim-chart'] as const,
    one: (analysisId: string) => ['claim-chart', analysisId] as const,
  },
  citedReferences: {
    all: ['cited-references'] as const,
    one: (analysisId: string) => ['cited-references', analysisId] as const,
  },
  supportSearch: {
    all: ['support-search'] as const,
    one: (entryId: string, analysisId: string | null, text: string) => ['support-search', entryId, analysisId, text] as const,
  },

  audit: {
    all: ['audit'] as const,
    log: (filter: AuditFilter) => ['audit', filter] as const,
  },

  /** The credit ledger is the prefix's own key: a change to the balance refreshes it and the matter report. */
  credits: {
    all: ['credits'] as const,
    ledger: ['credits'] as const,
    matters: (range: { from: string; to: string } | null) => ['credits', 'matters', range] as const,
  },
  pricing: ['pricing'] as const,
  billing: {
    all: ['billing'] as const,
    offer: ['billing'] as const,
    purchases: ['billing', 'purchases'] as const,
  },

  examiners: {
    search: (q: string) => ['examiners', q] as const,
    profile: (name: string, artUnit: string | null) => ['examiner', name, artUnit] as const,
  },

  firm: {
    all: ['firm'] as const,
    members: ['firm', 'members'] as const,
    invitations: ['firm', 'invitations'] as const,
  },
  invitationPreview: (token: string) => ['join', token] as const,

  plan: {
    one: (id: string) => ['plan', id] as const,
    preview: (id: string, version: number | undefined) => ['plan', id, 'preview', version] as const,
  },
  job: (id: string | null) => ['job', id] as const,

  apiKeys: ['keys'] as const,
  oauthGrants: ['oauth-grants'] as const,
  signInProviders: ['sign-in-providers'] as const,
  identities: ['identities'] as const,
  emailVerification: ['email-verification'] as const,
  notificationPreferences: ['notification-preferences'] as const,
  calendarFeed: ['calendar-feed'] as const,
  webhooks: {
    all: ['webhooks'] as const,
    deliveries: (endpointId: string) => ['webhooks', endpointId, 'deliveries'] as const,
  },
};
