import { describe, expect, it } from 'vitest';
import { auditChanges } from './auditChanges.ts';

describe('auditChanges', () => {
  it('lists only the fields that changed, with their values before and after', () => {
    const before = { operatorId: 'op-1', role: 'support', active: true, totpEnrolled: true };
    const after = { operatorId: 'op-1', role: 'editor', active: true, totpEnrolled: false };
    expect(auditChanges(before, after)).toEqual([
      { field: 'role', before: 'support', after: 'editor' },
      { field: 'totpEnrolled', before: true, after: false },
    ]);
  });

  it('a record made has every field, one removed every field; nested values compare whole', () => {
    expect(auditChanges(undefined, { name: 'News', logo: null })).toEqual([
      { field: 'name', before: undefined, after: 'News' },
      { field: 'logo', before: undefined, after: null },
    ]);
    expect(auditChanges({ name: 'News' }, undefined)).toEqual([
      { field: 'name', before: 'News', after: undefined },
    ]);
    expect(auditChanges({ langs: ['en'] }, { langs: ['en'] })).toEqual([]);
    expect(auditChanges({ langs: ['en'] }, { langs: ['en', 'es'] })).toEqual([
      { field: 'langs', before: ['en'], after: ['en', 'es'] },
    ]);
  });

  it('plain values are one unnamed change, or none when equal', () => {
    expect(auditChanges(3, 4)).toEqual([{ field: '', before: 3, after: 4 }]);
    expect(auditChanges(undefined, undefined)).toEqual([]);
  });
});
