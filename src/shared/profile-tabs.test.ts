import { describe, expect, it } from 'vitest';
import { profileTabFromParam } from './profile-tabs.ts';

describe('profileTabFromParam', () => {
  it('opens the tab asked for', () => {
    expect(profileTabFromParam('1')).toBe(1);
    expect(profileTabFromParam('2')).toBe(2);
    expect(profileTabFromParam('0')).toBe(0);
  });

  it('opens the first for no value, a list, a tab out of range or junk', () => {
    for (const value of [undefined, null, '', '3', '-1', '1.5', 'x', '\u0000', '9'.repeat(400), ['1', '2']])
      expect(profileTabFromParam(value), String(value)).toBe(0);
  });
});
