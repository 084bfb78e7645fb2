import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-client.ts';
import { complaintWindowHours } from '#shared/complaint-window.ts';
import { complaintMessages, maxEvidenceBytes } from '#shared/complaints/complaint-rules.ts';
import { errorMessages } from '#shared/errors.ts';
import { addEvidence, complaintWindowOpen, evidenceError, evidenceUrl } from './complaint-rules.ts';

const hour = 3_600_000;
const file = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });

describe('complaintWindowOpen', () => {
  const start = '2026-11-20T17:00:00.000Z';
  const startMs = Date.parse(start);

  it('is open from before the event until the window ends, and closed from then on', () => {
    expect(complaintWindowOpen(start, startMs - 30 * 24 * hour)).toBe(true);
    expect(complaintWindowOpen(start, startMs + complaintWindowHours * hour - 1)).toBe(true);
    expect(complaintWindowOpen(start, startMs + complaintWindowHours * hour)).toBe(false);
    expect(complaintWindowOpen(start, startMs + 30 * 24 * hour)).toBe(false);
  });
});

describe('evidenceUrl', () => {
  it('escapes what it puts in the path', () => {
    expect(evidenceUrl('a/b', 'c?d')).toBe('/api/complaints/a%2Fb/evidence/c%3Fd');
  });
});

describe('addEvidence', () => {
  it('adds pictures and PDFs to those chosen', () => {
    const chosen = [file('kuva.jpg', 'image/jpeg')];
    const picked = [file('viesti.pdf', 'application/pdf'), file('ruutu.PNG', '')];
    expect(addEvidence(chosen, picked)).toEqual({ files: [...chosen, ...picked] });
  });

  it('refuses another kind of file, a file over 10 MB and a sixth file, adding none of the pick', () => {
    expect(addEvidence([], [file('kuva.jpg', 'image/jpeg'), file('video.mp4', 'video/mp4')])).toEqual({
      error: errorMessages['invalid-evidence'],
    });
    expect(addEvidence([], [file('iso.pdf', 'application/pdf', maxEvidenceBytes + 1)])).toEqual({
      error: 'iso.pdf on liian suuri: tiedosto voi olla enintään 10 Mt.',
    });
    const four = Array.from({ length: 4 }, (_, i) => file(`${i}.png`, 'image/png'));
    expect(addEvidence(four, [file('5.png', 'image/png')])).toEqual({ files: [...four, expect.any(File)] });
    expect(addEvidence(four, [file('5.png', 'image/png'), file('6.png', 'image/png')])).toEqual({
      error: complaintMessages.tooManyFiles,
    });
  });
});

describe('evidenceError', () => {
  it('picks the refusals of the files, and leaves the rest to the form', () => {
    const invalid = new ApiError(400, 'invalid-evidence', errorMessages['invalid-evidence']);
    expect(evidenceError(invalid)).toBe(errorMessages['invalid-evidence']);
    expect(evidenceError(new ApiError(413, 'file-too-large', 'Liian suuri'))).toBe('Liian suuri');
    const issues = new ApiError(400, 'invalid-argument', 'Virheelliset tiedot lomakkeessa', [
      { path: 'description', message: 'Kerro, mitä tapahtui' },
      { path: 'evidence', message: complaintMessages.tooManyFiles },
    ]);
    expect(evidenceError(issues)).toBe(complaintMessages.tooManyFiles);
    expect(evidenceError(new ApiError(409, 'complaint-exists', 'On jo'))).toBeUndefined();
    expect(evidenceError(new Error('verkko'))).toBeUndefined();
  });
});
