import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calendarDate, integer, text } from './json-values.ts';
import { mapApplicationNumber } from './map-application-number.ts';
import { looksLikeDocument, mapOdpDocument } from './map-odp-document.ts';
import { mapOdpRecord, type MappedRecord } from './map-odp-record.ts';
import { SKIP } from './skip-reasons.ts';

type Json = Record<string, any>;
const fixture = (name: string): Json => JSON.parse(readFileSync(new URL(`../../../test/fixtures/odp/${name}`, import.meta.url), 'utf8')) as Json;
const application = () => fixture('application-17248024.json').patentFileWrapperDataBag[0] as Json;
const mapOk = (record: unknown): MappedRecord => {
  const r = mapOdpRecord(record);
  if (!r.ok) throw new Error(r.reason);
  return r.value;
};

describe('mapOdpRecord: real record 17248024', () => {
  it('maps every applications column', () => {
    expect(mapOk(application()).application).toEqual({
      application_number: '17248024',
      invention_title: 'MAKING LITHIUM METAL - SEAWATER BATTERY CELLS HAVING PROTECTED LITHIUM ELECTRODES',
      status: 'patented',
      status_code: 150,
      status_description: 'Patented Case',
      status_date: '2023-04-19',
      filing_date: '2021-01-05',
      examiner_name: 'DOVE, TRACY MAE',
      art_unit: '1727',
      confirmation_number: '4114',
      attorney_docket_number: 'PLUSP040X1C4US',
      first_inventor_name: 'Steven J. Visco',
      first_applicant_name: 'PolyPlus Battery Company',
      entity_status: 'large',
      application_type: 'Utility',
      patent_number: '11646472',
      grant_date: '2023-05-09',
      earliest_publication_number: 'US20210210819A1',
    });
  });

  it('maps the events, distinct by (code, date), descriptions kept', () => {
    const { events, skipped } = mapOk(application());
    const raw = application().eventDataBag as Json[];
    const distinct = new Set(raw.map((e) => `${e.eventCode}|${e.eventDate}`));
    expect(events).toHaveLength(distinct.size);
    expect(events).toContainEqual({ event_code: 'MN/=.', description: 'Mail Notice of Allowance', event_date: expect.any(String) });
    expect(events.some((e) => e.event_code === 'CTNF')).toBe(false); // first-action allowance
    expect(skipped).toEqual([]);
  });

  it('has no correspondence unless the record carries a documentBag', () => {
    expect(mapOk(application()).correspondence).toBeUndefined();
  });
});

describe('mapOdpRecord: rules', () => {
  const withMeta = (meta: Json, extra: Json = {}) => ({ ...application(), ...extra, applicationMetaData: { ...application().applicationMetaData, ...meta } });

  it('entity status: small, micro (micro wins), large; null when ODP is silent', () => {
    const entity = (data: unknown) => mapOk(withMeta({ entityStatusData: data })).application!.entity_status;
    expect(entity({ smallEntityStatusIndicator: true, businessEntityStatusCategory: 'SMALL' })).toBe('small');
    expect(entity({ smallEntityStatusIndicator: true, businessEntityStatusCategory: 'Micro' })).toBe('micro');
    expect(entity({ smallEntityStatusIndicator: false, businessEntityStatusCategory: 'Regular Undiscounted' })).toBe('large');
    expect(entity(undefined)).toBeNull();
  });

  it('status follows prosaStateForStatus; a missing description comes from the status table', () => {
    const app = mapOk(withMeta({ applicationStatusCode: 161, applicationStatusDescriptionText: undefined, patentNumber: undefined, grantDate: undefined }))
      .application!;
    expect(app.status).toBe('abandoned');
    expect(app.status_description).toBe('Abandoned -- Failure to Respond to an Office Action');
    expect(app.patent_number).toBeNull();
    expect(
      mapOk(withMeta({ applicationStatusCode: 41, applicationStatusDescriptionText: 'Non Final Action Mailed', patentNumber: null })).application!.status,
    ).toBe('pending');
  });

  it('application type falls back to the code; numbers and blanks are read defensively', () => {
    const app = mapOk(
      withMeta({
        applicationTypeLabelName: '  ',
        applicationTypeCode: 'UTL',
        applicationConfirmationNumber: 4114.0,
        examinerNameText: '  DOVE, TRACY MAE ',
        groupArtUnitNumber: 1727,
      }),
    ).application!;
    expect(app.application_type).toBe('UTL');
    expect(app.confirmation_number).toBe('4114');
    expect(app.examiner_name).toBe('DOVE, TRACY MAE');
    expect(app.art_unit).toBe('1727');
  });

  it('normalizes the application number', () => {
    expect(mapOk({ ...application(), applicationNumberText: '17/248,024' }).application_number).toBe('17248024');
  });

  it('skips records with no valid number, a PCT number, or no title', () => {
    expect(mapOdpRecord({ ...application(), applicationNumberText: undefined })).toEqual({ ok: false, reason: SKIP.missingNumber });
    expect(mapOdpRecord({ ...application(), applicationNumberText: 'PCTIB2013001896' })).toEqual({ ok: false, reason: SKIP.pctNumber });
    expect(mapOdpRecord({ ...application(), applicationNumberText: '1724802' })).toEqual({ ok: false, reason: SKIP.invalidNumber });
    expect(mapOdpRecord(withMeta({ inventionTitle: ' ' }))).toEqual({ ok: false, reason: SKIP.missingTitle });
    expect(mapOdpRecord(withMeta({ inventionTitle: undefined }))).toEqual({ ok: false, reason: SKIP.missingTitle });
    expect(mapOdpRecord([application()])).toEqual({ ok: false, reason: SKIP.notAnObject });
  });

  it('a record without applicationMetaData (the /transactions layout) maps to events only', () => {
    const tx = fixture('transactions-17248024.json').patentFileWrapperDataBag[0];
    const mapped = mapOk(tx);
    expect(mapped.application).toBeNull();
    expect(mapped.application_number).toBe('17248024');
    expect(mapped.events.length).toBeGreaterThan(0);
  });

  it('drops events without a code or a valid date, noting each', () => {
    const mapped = mapOk({
      applicationNumberText: '17248024',
      eventDataBag: [
        { eventCode: 'CTNF', eventDescriptionText: 'Non-Final Rejection', eventDate: '2020-01-02' },
        { eventCode: 'CTNF', eventDescriptionText: 'Non-Final Rejection', eventDate: '2020-01-02' },
        { eventCode: '', eventDate: '2020-01-02' },
        { eventCode: 'CTFR', eventDate: '2020-02-30' },
        'junk',
      ],
    });
    expect(mapped.events).toEqual([{ event_code: 'CTNF', description: 'Non-Final Rejection', event_date: '2020-01-02' }]);
    expect(mapped.skipped).toEqual([SKIP.eventIncomplete, SKIP.eventIncomplete, SKIP.eventIncomplete]);
  });

  it('maps a documentBag carried inside a record, defaulting to the record number', () => {
    const doc = fixture('documents-17248024.json').documentBag[0];
    const { applicationNumberText: _drop, ...withoutNumber } = doc;
    const mapped = mapOk({ ...application(), documentBag: [withoutNumber, { documentCode: 'CTNF' }] });
    expect(mapped.correspondence).toHaveLength(1);
    expect(mapped.correspondence![0].application_number).toBe('17248024');
    expect(mapped.skipped).toEqual([SKIP.documentWithoutIdentifier]);
  });
});

describe('mapOdpDocument', () => {
  it('maps a real documentBag entry', () => {
    const doc = fixture('documents-17248024.json').documentBag[0];
    expect(mapOdpDocument(doc)).toEqual({
      ok: true,
      value: {
        application_number: '17248024',
        document_code: 'PETDEC',
        description: 'Petition Decision',
        mailing_date: '2023-10-03',
        direction: 'OUTGOING',
        document_identifier: 'LN4VBTHCXBLUEX2',
        source: 'odp',
      },
    });
  });

  it('takes the date part of officialDate as written, with no time-zone conversion', () => {
    const base = { applicationNumberText: '17248024', documentIdentifier: 'X1', documentCode: 'CTNF' };
    const date = (officialDate: unknown) => {
      const r = mapOdpDocument({ ...base, officialDate });
      return r.ok ? r.value.mailing_date : r.reason;
    };
    expect(date('2023-10-03T23:59:59.000-0400')).toBe('2023-10-03'); // UTC would say 10-04
    expect(date('2023-10-03T00:30:00.000+0900')).toBe('2023-10-03'); // UTC would say 10-02
    expect(date('2023-10-03')).toBe('2023-10-03');
    expect(date('10/03/2023')).toBe(SKIP.documentWithoutDate);
    expect(date(undefined)).toBe(SKIP.documentWithoutDate);
  });

  it('skips documents it cannot key', () => {
    expect(mapOdpDocument({ applicationNumberText: '17248024', documentCode: 'CTNF', officialDate: '2023-10-03' })).toEqual({
      ok: false,
      reason: SKIP.documentWithoutIdentifier,
    });
    expect(mapOdpDocument({ applicationNumberText: '17248024', documentIdentifier: 'A', officialDate: '2023-10-03' })).toEqual({
      ok: false,
      reason: SKIP.documentWithoutCode,
    });
    expect(mapOdpDocument({ applicationNumberText: 'PCTUS2025058371', documentIdentifier: 'A', documentCode: 'X', officialDate: '2023-10-03' })).toEqual({
      ok: false,
      reason: SKIP.pctNumber,
    });
    expect(mapOdpDocument(null)).toEqual({ ok: false, reason: SKIP.notAnObject });
  });

  it('tells documents from records', () => {
    expect(looksLikeDocument(fixture('documents-17248024.json').documentBag[0])).toBe(true);
    expect(looksLikeDocument(application())).toBe(false);
  });
});

describe('value readers', () => {
  it('calendarDate validates real dates', () => {
    expect(calendarDate('2024-02-29')).toBe('2024-02-29');
    expect(calendarDate('2023-02-29')).toBeNull();
    expect(calendarDate('2023-13-01')).toBeNull();
    expect(calendarDate('2023-10-03 12:00')).toBe('2023-10-03');
    expect(calendarDate('2023-10-031')).toBeNull();
    expect(calendarDate(20231003)).toBeNull();
  });

  it('text and integer', () => {
    expect(text(' a ')).toBe('a');
    expect(text('')).toBeNull();
    expect(text(12)).toBe('12');
    expect(text({})).toBeNull();
    expect(integer(150)).toBe(150);
    expect(integer('150')).toBe(150);
    expect(integer(150.0)).toBe(150);
    expect(integer(150.5)).toBeNull();
    expect(integer(null)).toBeNull();
  });

  it('mapApplicationNumber', () => {
    expect(mapApplicationNumber('US 17/248,024')).toEqual({ ok: true, value: '17248024' });
    expect(mapApplicationNumber(17248024)).toEqual({ ok: true, value: '17248024' });
    expect(mapApplicationNumber('pctus0719317')).toEqual({ ok: false, reason: SKIP.pctNumber });
    expect(mapApplicationNumber('')).toEqual({ ok: false, reason: SKIP.missingNumber });
  });
});
