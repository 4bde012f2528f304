import { TIMEFRAME_SESSIONS } from '@/lib/constants';
import { TRACK_RECORD_FIRST_SESSION, TRACK_RECORD_MAX_WINDOW } from '@/server/domain/trackRecord';

// The first evaluated session follows the timeframe windows (SPEC: 105, 395 and 1 500 sessions),
// capped at the medium window so the long timeframe still has a record over the later years.
describe('TRACK_RECORD_FIRST_SESSION', () => {
  it('is the last session of the first full window, the long timeframe capped at 18 months', () => {
    expect(TIMEFRAME_SESSIONS).toEqual({ 1: 105, 2: 395, 3: 1500 });
    expect(TRACK_RECORD_MAX_WINDOW).toBe(395);
    // 105 − 1 = 104; 395 − 1 = 394; min(1500, 395) − 1 = 394 (0-based indexes).
    expect(TRACK_RECORD_FIRST_SESSION).toEqual({ 1: 104, 2: 394, 3: 394 });
  });
});
