import { describe, expect, it } from 'vitest';
import { eventPlace } from './event-place.ts';

describe('eventPlace', () => {
  it('writes the venue and the city, or the city alone where the venue is unknown', () => {
    expect(eventPlace({ eventVenue: 'Helsingin Areena', location: 'Helsinki' })).toBe(
      'Helsingin Areena, Helsinki',
    );
    expect(eventPlace({ eventVenue: 'Unknown', location: 'Tampere' })).toBe('Tampere');
    expect(eventPlace({ eventVenue: ' ', location: 'Oulu' })).toBe('Oulu');
  });
});
