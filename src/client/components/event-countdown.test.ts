import { describe, expect, it } from 'vitest';
import { countdownText } from './event-countdown.tsx';

describe('countdownText', () => {
  const minutes = (n: number) => n * 60_000;

  it('shows days and hours, then hours and minutes, then minutes', () => {
    expect(countdownText(minutes(2 * 24 * 60 + 5 * 60 + 59))).toBe('2 pv 5 h');
    expect(countdownText(minutes(3 * 60 + 7))).toBe('3 h 7 min');
    expect(countdownText(minutes(42) + 30_000)).toBe('42 min');
  });

  it('counts whole units down, never up, and stops at zero', () => {
    expect(countdownText(minutes(3 * 24 * 60 + 4 * 60))).toBe('3 pv 4 h');
    expect(countdownText(minutes(24 * 60) - 1)).toBe('23 h 59 min');
    expect(countdownText(minutes(60) - 1)).toBe('59 min');
    expect(countdownText(minutes(24 * 60))).toBe('1 pv 0 h');
    expect(countdownText(59_999)).toBe('0 min');
    expect(countdownText(-1000)).toBe('0 min');
  });
});
