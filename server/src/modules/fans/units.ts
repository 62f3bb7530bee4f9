import type { FanMeasurements } from '@dc/contract';
import type { fanMeasurements } from '../../db/schema/index.ts';

type Stored = Omit<typeof fanMeasurements.$inferInsert, 'fanId' | 'updatedAt'>;

/** cm → mm and kg → g, as integers (the wire has at most one decimal). */
const tenths = (cm: number | null) => (cm === null ? null : Math.round(cm * 10));
const grams = (kg: number | null) => (kg === null ? null : Math.round(kg * 1000));
const cm = (mm: number | null | undefined) => (mm === null || mm === undefined ? null : mm / 10);
const kg = (g: number | null | undefined) =>
  g === null || g === undefined ? null : Math.round(g / 100) / 10;

export function toStoredMeasurements(body: FanMeasurements): Stored {
  return {
    heightMm: tenths(body.height),
    weightG: grams(body.weight),
    bustMm: tenths(body.bust),
    waistMm: tenths(body.waist),
    hipMm: tenths(body.hip),
    shoulderMm: tenths(body.shoulder),
    sleeveMm: tenths(body.sleeve),
    inseamMm: tenths(body.inseam),
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
