/**
 * How much the generator makes: the figures of issue 10 at `--scale=1`, multiplied by the scale
 * (with floors so that every scenario has something to ask at a tiny scale).
 */
export interface Volumes {
  /** Ordinary designers besides the heavy one. */
  designers: number;
  fans: number;
  ledgerRows: number;
  orders: number;
  courses: number;
  videos: number;
  crowdPacks: number;
}

export const FULL_VOLUMES: Volumes = {
  designers: 1_000,
  fans: 1_000_000,
  ledgerRows: 5_000_000,
  orders: 2_000_000,
  courses: 500,
  videos: 2_000,
  crowdPacks: 100,
};

const FLOORS: Volumes = {
  designers: 2,
  fans: 200,
  ledgerRows: 1_000,
  orders: 500,
  courses: 5,
  videos: 10,
  crowdPacks: 5,
};

export function volumesAt(scale: number): Volumes {
  const scaled = (key: keyof Volumes) => Math.max(FLOORS[key], Math.round(FULL_VOLUMES[key] * scale));
  return {
    designers: scaled('designers'),
    fans: scaled('fans'),
    ledgerRows: scaled('ledgerRows'),
    orders: scaled('orders'),
    courses: scaled('courses'),
    videos: scaled('videos'),
    crowdPacks: scaled('crowdPacks'),
  };
}

/** The heavy designer's credentials (a benchmark database only; never a real install). */
export const HEAVY_ACCOUNT = 'heavy';
export const HEAVY_PASSWORD = 'heavy-bench-123';
