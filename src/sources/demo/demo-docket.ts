/**
 * The demo docket: fictional applications (flagged source='demo' and labelled as demo wherever
 * shown) whose office actions are mailed relative to the day of seeding, so deadlines are live.
 * 17/200,011 is the interface specification's own example number.
 */
export interface DemoApplication {
  application_number: string;
  invention_title: string;
  status: 'pending' | 'allowed' | 'patented' | 'abandoned';
  status_code: number;
  status_description: string;
  filing_date_days_ago: number;
  examiner_name: string;
  art_unit: string;
  confirmation_number: string;
  attorney_docket_number: string;
  first_inventor_name: string;
  first_applicant_name: string;
  entity_status: 'large' | 'small' | 'micro';
  client_matter: string;
  /** The latest office action: USPTO document code, days before seeding it was mailed. */
  action?: { document_code: string; description: string; mailed_days_ago: number; period_months?: number; text_file?: string };
  /** Earlier prosecution events: code, description, days ago. */
  history: [string, string, number][];
}

export const DEMO_APPLICATIONS: DemoApplication[] = [
  {
    application_number: '17200011',
    invention_title: 'Adaptive thermal management for battery packs using predictive cell models',
    status: 'pending',
    status_code: 41,
    status_description: 'Non Final Action Mailed',
    filing_date_days_ago: 640,
    examiner_name: 'HARTWELL, MARGARET ANNE',
    art_unit: '1727',
    confirmation_number: '4821',
    attorney_docket_number: 'PRS-1001-US',
    first_inventor_name: 'Elena Marquez',
    first_applicant_name: 'Northwind Energy Systems, Inc.',
    entity_status: 'small',
    client_matter: 'NWE-0042',
    // With its full text, so the demo has a paper to analyze and answer at once: a real
    // non-final rejection from the public record (USPTO Patent Center, the office-action corpus,
    // src/domain/office-action/fixtures/04.txt), shown on this demo application.
    action: { document_code: 'CTNF', description: 'Non-Final Rejection', mailed_days_ago: 40, period_months: 3, text_file: '04.txt' },
    history: [
      ['CTNF', 'Non-Final Rejection', 42],
      ['MCTNF', 'Mail Non-Final Rejection', 40],
    ],
  },
  {
    application_number: '17345678',
    invention_title: 'Federated anomaly detection for industrial sensor networks',
    status: 'pending',
    status_code: 61,
    status_description: 'Final Rejection Mailed',
    filing_date_days_ago: 900,
    examiner_name: 'OKAFOR, DANIEL C',
    art_unit: '2128',
    confirmation_number: '7310',
    attorney_docket_number: 'PRS-1002-US',
    first_inventor_name: 'Priya Raman',
    first_applicant_name: 'Sensorlytics LLC',
    entity_status: 'large',
    client_matter: 'SNS-0007',
    action: { document_code: 'CTFR', description: 'Final Rejection', mailed_days_ago: 75, period_months: 3 },
    history: [
      ['CTNF', 'Non-Final Rejection', 300],
      ['A...', 'Response after Non-Final Action', 210],
      ['CTFR', 'Final Rejection', 77],
      ['MCTFR', 'Mail Final Rejection (PTOL - 326)', 75],
    ],
  },
  {
    application_number: '16987654',
    invention_title: 'Modular bone fixation plate with polyaxial locking inserts',
    status: 'pending',
    status_code: 41,
    status_description: 'Non Final Action Mailed',
    filing_date_days_ago: 500,
    examiner_name: 'LINDQVIST, SARA J',
    art_unit: '3773',
    confirmation_number: '2094',
    attorney_docket_number: 'PRS-1003-US',
    first_inventor_name: 'Marcus Bell',
    first_applicant_name: 'Osteon Medical Corp.',
    entity_status: 'micro',
    client_matter: 'OST-0113',
    action: { document_code: 'CTRS', description: 'Requirement for Restriction/Election', mailed_days_ago: 18 },
    history: [['CTRS', 'Restriction/Election Requirement', 20]],
  },
  {
    application_number: '16555444',
    invention_title: 'Low-latency audio codec with perceptual noise shaping',
    status: 'pending',
    status_code: 51,
    status_description: 'Ex parte Quayle Action Mailed',
    filing_date_days_ago: 1100,
    examiner_name: 'HARTWELL, MARGARET ANNE',
    art_unit: '1727',
    confirmation_number: '6650',
    attorney_docket_number: 'PRS-1004-US',
    first_inventor_name: 'Tomasz Nowak',
    first_applicant_name: 'Clearwave Audio GmbH',
    entity_status: 'large',
    client_matter: 'CLW-0020',
    action: { document_code: 'CTEQ', description: 'Ex Parte Quayle Action', mailed_days_ago: 12, period_months: 2 },
    history: [
      ['CTNF', 'Non-Final Rejection', 400],
      ['A...', 'Response after Non-Final Action', 330],
      ['EXIN', 'Interview Summary - Applicant Initiated', 300],
    ],
  },
  {
    application_number: '17111222',
    invention_title: 'Recyclable multilayer packaging film with a compatibilized tie layer',
    status: 'allowed',
    status_code: 93,
    status_description: 'Notice of Allowance Mailed -- Application Received in Office of Publications',
    filing_date_days_ago: 800,
    examiner_name: 'OKAFOR, DANIEL C',
    art_unit: '2128',
    confirmation_number: '3377',
    attorney_docket_number: 'PRS-1005-US',
    first_inventor_name: 'Hannah Cho',
    first_applicant_name: 'Verdant Films Inc.',
    entity_status: 'small',
    client_matter: 'VRD-0003',
    action: { document_code: 'NOA', description: 'Notice of Allowance and Fees Due (PTOL-85)', mailed_days_ago: 30, period_months: 3 },
    history: [
      ['CTNF', 'Non-Final Rejection', 400],
      ['A...', 'Response after Non-Final Action', 320],
      ['N/=.', 'Notice of Allowance Data Verification Completed', 32],
      ['MN/=.', 'Mail Notice of Allowance', 30],
    ],
  },
];

export const DEMO_EMAIL = 'demo@prosa.example';
/** Demo credits on top of the welcome credits, so exports can be tried. */
export const DEMO_EXTRA_CREDITS = 200;
