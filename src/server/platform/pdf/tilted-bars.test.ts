import { describe, expect, it } from 'vitest';
import { findTiltedAreas, type Pixels } from './tilted-bars.ts';

/**
 * A white 600×400 image with a patch of bars (7 px apart, edges smoothed as a renderer's are)
 * centred on (300, 200), 300 pixels across and 100 along the bars, turned `angle` degrees
 * clockwise from upright.
 */
function barsAt(angle: number): Pixels {
  const width = 600;
  const height = 400;
  const data = new Uint8Array(width * height * 4).fill(255);
  const radians = (angle * Math.PI) / 180;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      // Coordinates across the bars (u) and along them (v).
      const u = (x - 300) * Math.cos(radians) + (y - 200) * Math.sin(radians);
      const v = -(x - 300) * Math.sin(radians) + (y - 200) * Math.cos(radians);
      if (Math.abs(u) > 150 || Math.abs(v) > 50 || ((Math.floor(u) % 7) + 7) % 7 >= 3) continue;
      data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
    }
  return { data, width, height };
}

describe('finding tilted bars', () => {
  it('finds one area of bars tilted 20° or 30°, either way, with about its angle', () => {
    for (const angle of [20, -20, 30, -30]) {
      const areas = findTiltedAreas(barsAt(angle));
      expect(areas, String(angle)).toHaveLength(1);
      // The estimate can be a few degrees off on bars near the pixel pitch.
      expect(Math.abs((areas[0]?.angle ?? 0) - angle), String(angle)).toBeLessThan(6);
      // The area holds the bars' centre.
      expect(areas[0]?.left).toBeLessThan(300);
      expect((areas[0]?.left ?? 0) + (areas[0]?.width ?? 0)).toBeGreaterThan(300);
    }
  });

  it('passes over bars zxing reads as they are (level or upright) and a blank image', () => {
    expect(findTiltedAreas(barsAt(0))).toEqual([]);
    expect(findTiltedAreas(barsAt(90))).toEqual([]);
    expect(findTiltedAreas(barsAt(3))).toEqual([]);
    const blank = { data: new Uint8Array(600 * 400 * 4).fill(255), width: 600, height: 400 };
    expect(findTiltedAreas(blank)).toEqual([]);
  });
});
