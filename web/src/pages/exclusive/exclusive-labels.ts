import type { ApplicationStatus } from '@dc/contract';

/** An application's status as a tag colour: pending blue, approved green, rejected red. */
export const applicationStatusColor: Record<ApplicationStatus, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
};
