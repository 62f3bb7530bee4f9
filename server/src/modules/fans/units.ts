import type { FanMeasurementKey, FanMeasurements } from '@dc/contract';
import type { fanMeasurements } from '../../db/schema/index.ts';

type Stored = Omit<typeof fanMeasurements.$inferInsert, 'fanId' | 'updatedAt'>;

/**
 * The measurement units, written once: the wire says cm and kg (at most one decimal), the
 * database stores integers in mm and g. Each key's stored units per wire unit.
 */
export const MEASUREMENT_FACTORS = {
  height: 10,
  weight: 1000,
  bust: 10,
  waist: 10,
  hip: 10,
  shoulder: 10,
  sleeve: 10,
  inseam: 10,
} as const satisfies Record<FanMeasurementKey, number>;

/** Millimetres / grams from the wire's cm / kg, as integers. */
export const storedMeasure = (value: number | null, factor: number) =>
  value === null ? null : Math.round(value * factor);

const stored = (key: FanMeasurementKey, value: number | null) =>
  storedMeasure(value, MEASUREMENT_FACTORS[key]);
const cm = (mm: number | null | undefined) => (mm === null || mm === undefined ? null : mm / 10);
const kg = (g: number | null | undefined) =>
  g === null || g === undefined ? null : Math.round(g / 100) / 10;

export function toStoredMeasurements(body: FanMeasurements): Stored {
  return {
    heightMm: stored('height', body.height),
    weightG: stored('weight', body.weight),
    bustMm: stored('bust', body.bust),
    waistMm: stored('waist', body.waist),
    hipMm: stored('hip', body.hip),
    shoulderMm: stored('shoulder', body.shoulder),
    sleeveMm: stored('sleeve', body.sleeve),
    inseamMm: stored('inseam', body.inseam),
  };
}

export function fromStoredMeasurements(row: Stored | undefined): FanMeasurements {
  return {
    height: cm(row?.heightMm),
    weight: kg(row?.weightG),
    bust: cm(row?.bustMm),
    waist: cm(row?.waistMm),
    hip: cm(row?.hipMm),
    shoulder: cm(row?.shoulderMm),
    sleeve: cm(row?.sleeveMm),
    inseam: cm(row?.inseamMm),
  };
}
