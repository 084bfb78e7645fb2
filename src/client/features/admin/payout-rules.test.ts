import { describe, expect, it } from 'vitest';
import { type AdminSale, updatePayoutSchema } from '#shared/admin/payouts.schema.ts';
import { choiceState, chosenOnList, listDay, sellerName, statusFromParam } from './payout-rules.ts';

const seller = (names: Partial<AdminSale['seller']>): AdminSale['seller'] => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'myyja@example.fi',
  username: null,
  firstName: null,
  lastName: null,
  iban: null,
  sharedIbanUserIds: [],
  accountDeleted: false,
  ...names,
});

const sales = ['a', 'b', 'c'].map((id) => ({ id }) as AdminSale);

describe('the status filter in the address', () => {
  it('reads a known status and treats anything else as every status', () => {
    expect(statusFromParam('paid')).toBe('paid');
    expect(statusFromParam('ready_for_payment')).toBe('ready_for_payment');
    expect(statusFromParam(null)).toBeUndefined();
    expect(statusFromParam('maksettu')).toBeUndefined();
    expect(statusFromParam('')).toBeUndefined();
  });
});

describe('the seller as the list names them', () => {
  it('is the full name, else the username, else the e-mail', () => {
    expect(sellerName(seller({ firstName: 'Maija', lastName: 'Myyjä', username: 'maijam' }))).toBe(
      'Maija Myyjä',
    );
    expect(sellerName(seller({ firstName: 'Maija' }))).toBe('Maija');
    // Stored in lower case, shown capitalised.
    expect(sellerName(seller({ firstName: 'anna-liisa', lastName: 'von wright' }))).toBe(
      'Anna-Liisa von Wright',
    );
    expect(sellerName(seller({ username: 'maijam' }))).toBe('maijam');
    expect(sellerName(seller({}))).toBe('myyja@example.fi');
  });
});

describe('dates of the list', () => {
  it('writes the Helsinki day, and nothing for a missing one', () => {
    // 22:30 UTC is already the next day in Helsinki.
    expect(listDay('2026-11-30T22:30:00.000Z')).toBe('1.12.2026');
    expect(listDay(null)).toBeNull();
  });
});

describe('the chosen sales', () => {
  it('count only those still on the list', () => {
    expect(chosenOnList(new Set(['a', 'x', 'c']), sales)).toEqual(['a', 'c']);
    expect(chosenOnList(new Set(), sales)).toEqual([]);
  });

  it('tick the select-all box fully, half or not at all', () => {
    expect(choiceState(sales, new Set(['a', 'b', 'c']))).toEqual({ all: true, some: false });
    expect(choiceState(sales, new Set(['b', 'x']))).toEqual({ all: false, some: true });
    expect(choiceState(sales, new Set(['x']))).toEqual({ all: false, some: false });
    expect(choiceState([], new Set())).toEqual({ all: false, some: false });
  });
});

describe('the status dialog form', () => {
  it("asks for a status with 'Valitse tila'", () => {
    const result = updatePayoutSchema.safeParse({ paymentReference: '', notes: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['status', 'Valitse tila'],
    ]);
  });

  it('keeps the reference and notes within their lengths, trimmed', () => {
    expect(
      updatePayoutSchema.parse({ status: 'paid', paymentReference: ' RF18 5390 0754 7034 ', notes: '' }),
    ).toEqual({
      status: 'paid',
      paymentReference: 'RF18 5390 0754 7034',
      notes: '',
    });
    const tooLong = updatePayoutSchema.safeParse({ status: 'paid', paymentReference: 'x'.repeat(101) });
    expect(tooLong.error?.issues[0]?.message).toBe('Maksuviite voi olla enintään 100 merkkiä pitkä');
  });
});
