import { noticeCreate } from '@ottkit/api-client/contract';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../lib/console.ts';
import { draftToRequest, EMPTY_DRAFT, NOTICE_FIELD_ERRORS } from './noticeForm.ts';

// Issue 18 §6: the compose form's fields become the call's body, which the contract's schema checks.
describe('the notice compose form', () => {
  it('a message and a place make a valid notice with the contract defaults', () => {
    const body = draftToRequest({ ...EMPTY_DRAFT, msg: 'Hello', modes: [12, 0] });
    expect(fieldErrors(noticeCreate, body)).toBeNull();
    expect(body).toMatchObject({ displayMode: [0, 12], startsAt: null, endsAt: null, displayTimes: 0 });
    expect(body.properties).toEqual({ backgroundcolor: '#1f2937', textcolor: '#ffffff', textsize: 16 });
  });

  it('names each refused field, and every one has the console’s words', () => {
    const fields = (draft: Partial<typeof EMPTY_DRAFT>) =>
      Object.keys(fieldErrors(noticeCreate, draftToRequest({ ...EMPTY_DRAFT, ...draft })) ?? {}).sort();
    expect(fields({ modes: [], priority: '', size: '99' })).toEqual([
      'displayMode',
      'msg',
      'priority',
      'properties',
    ]);
    // The rules across fields, once each field is right on its own.
    expect(
      fields({ msg: 'x', modes: [10], startsAt: '2026-06-02T10:00', endsAt: '2026-06-01T10:00' }),
    ).toEqual(['displayChannel', 'endsAt']);
    for (const field of ['displayMode', 'msg', 'priority', 'properties', 'displayChannel', 'endsAt']) {
      expect(NOTICE_FIELD_ERRORS[field]).toBeDefined();
    }
  });

  it('reads the schedule in the operator’s own time zone and the channels as a list', () => {
    const body = draftToRequest({
      ...EMPTY_DRAFT,
      msg: 'x',
      modes: [10],
      channels: ' lc-001, ,lc-002 ',
      startsAt: '2026-06-01T10:00',
    });
    expect(body.displayChannel).toEqual(['lc-001', 'lc-002']);
    expect(body.startsAt).toBe(new Date(2026, 5, 1, 10, 0).getTime());
  });
});
