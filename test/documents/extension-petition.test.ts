import { describe, expect, it } from 'vitest';
import { buildExtensionPetition, PETITION_TITLE, petitionFee } from '../../src/documents/build-extension-petition.ts';
import { DocumentInputError } from '../../src/documents/validate.ts';
import { lines, openDocx, paragraphsWithStyle } from './support/open-docx.ts';
import { extension } from '../fixtures/documents/form-samples.ts';

describe('petitionFee (37 CFR 1.17(a))', () => {
  it('takes the fee for the months and entity size in force on the petition date', () => {
    expect(petitionFee({ months: 2, entity_size: 'small', petition_date: '2026-07-28' })).toBe('276.00');
    expect(petitionFee({ months: 1, entity_size: 'large', petition_date: '2025-01-19' })).toBe('235.00');
    expect(petitionFee({ months: 5, entity_size: 'micro', petition_date: '2026-01-05' })).toBe('679.00');
    expect(petitionFee({ months: 3, entity_size: 'large', petition_date: '2026-01-05' })).toBe('1,590.00');
    // Before the fee change of January 19, 2025.
    expect(petitionFee({ months: 1, entity_size: 'large', petition_date: '2025-01-18' })).toBe('220.00');
    expect(petitionFee({ months: 1, entity_size: 'large', petition_date: '2026-01-05', fee_amount: '250' })).toBe('250.00');
  });
});

describe('buildExtensionPetition', () => {
  it('petitions for the months asked, with the periods, the fee and the deposit account', async () => {
    const doc = await openDocx(await buildExtensionPetition(extension));
    expect(paragraphsWithStyle(doc.documentXml, 'Title')).toEqual([PETITION_TITLE]);
    expect(doc.text).toContain(
      'Applicant petitions for an extension of time of two (2) months under 37 C.F.R. § 1.136(a) for reply to the non-final Office Action mailed March 2, 2026, extending the period for reply from June 2, 2026 to August 3, 2026.',
    );
    expect(doc.text).toContain(
      'The fee for an extension of two (2) months under 37 C.F.R. § 1.17(a)(2), at the small entity (37 C.F.R. § 1.27) rate, is $276.00.',
    );
    expect(doc.text).toContain(
      'The Director is authorized to charge the fee of $276.00, and any further fee required for this extension, to Deposit Account No. [deposit account number].',
    );
    expect(doc.text).toContain('Application No.: 17/200,011');
    expect(lines(doc.text).slice(-4)).toEqual(['/[S-signature of the practitioner]/', 'Jordan P. Lee', 'Registration No. 71,234', 'Date: July 28, 2026']);
  });

  it('writes a large-entity petition without the entity statement, with the account given', async () => {
    const doc = await openDocx(await buildExtensionPetition({ ...extension, months: 1, entity_size: 'large', deposit_account: '50-1234' }));
    expect(doc.text).toContain('extension of time of one (1) month');
    expect(doc.text).toContain('at the undiscounted (large entity) rate, is $235.00.');
    expect(doc.text).not.toContain('small entity status');
    expect(doc.text).toContain('Deposit Account No. 50-1234.');
  });

  it('refuses more than five months, or an extended date before the date due', async () => {
    await expect(buildExtensionPetition({ ...extension, months: 6 })).rejects.toThrow(DocumentInputError);
    await expect(buildExtensionPetition({ ...extension, months: 0 })).rejects.toThrow(/1 to 5/);
    await expect(buildExtensionPetition({ ...extension, period: { reply_due: '2026-06-02', extended_due: '2026-06-01' } })).rejects.toThrow(/extended_due/);
  });
});
