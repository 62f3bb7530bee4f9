import { type ApplicationStatus, ErrorCode, REJECT_REASON_MAX } from '@dc/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { designers, exclusiveApplications, providers } from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { invalidField } from '../../http/failures.ts';
import { message } from '../../http/messages.ts';
import { createNotification } from '../notifications/index.ts';
import type { ApplicationRow } from './applications.ts';
import { exclusiveMessages } from './messages.ts';

// The platform's side (operator CLI): the review queue and its decisions.

export interface ApplicationAdminRow {
  id: number;
  designerId: number;
  account: string;
  providerName: string;
  status: ApplicationStatus;
  attempt: number;
  realName: string;
  submittedAt: Date;
  reviewedAt: Date | null;
  rejectReason: string | null;
}

/** Every designer's applications, oldest first (the review queue), optionally by status. */
export async function listAllApplications(
  db: Database,
  status?: ApplicationStatus,
): Promise<ApplicationAdminRow[]> {
  return db
    .select({
      id: exclusiveApplications.id,
      designerId: exclusiveApplications.designerId,
      account: designers.account,
      providerName: providers.name,
      status: exclusiveApplications.status,
      attempt: exclusiveApplications.attempt,
      realName: exclusiveApplications.realName,
      submittedAt: exclusiveApplications.submittedAt,
      reviewedAt: exclusiveApplications.reviewedAt,
      rejectReason: exclusiveApplications.rejectReason,
    })
    .from(exclusiveApplications)
    .innerJoin(designers, eq(designers.id, exclusiveApplications.designerId))
    .innerJoin(providers, eq(providers.id, exclusiveApplications.providerId))
    .where(status ? eq(exclusiveApplications.status, status) : undefined)
    .orderBy(asc(exclusiveApplications.submittedAt), asc(exclusiveApplications.id));
}

/**
 * The platform's review: only a pending application can be approved or rejected (a reason is
 * required to reject). The decision, its time and the reason are stored and the designer is
 * notified, in one transaction. Unknown id: 40400; not pending: 40900.
 */
export async function reviewApplication(
  db: Database,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
  now: Date,
): Promise<{ application: ApplicationRow; providerName: string }> {
  const reason = decision.approve ? null : decision.reason.trim();
  if (reason !== null && (reason.length === 0 || reason.length > REJECT_REASON_MAX)) {
    throw invalidField('reason', message(exclusiveMessages.reasonLength, { max: REJECT_REASON_MAX }));
  }
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ application: exclusiveApplications, providerName: providers.name })
      .from(exclusiveApplications)
      .innerJoin(providers, eq(providers.id, exclusiveApplications.providerId))
      .where(eq(exclusiveApplications.id, id));
    if (!found) throw notFound(message(exclusiveMessages.noSuchApplication, { id }));
    const [row] = await tx
      .update(exclusiveApplications)
      .set({ status: decision.approve ? 'approved' : 'rejected', reviewedAt: now, rejectReason: reason })
      .where(and(eq(exclusiveApplications.id, id), eq(exclusiveApplications.status, 'pending')))
      .returning();
    if (!row) {
      throw new ApiError(
        ErrorCode.conflict,
        message(exclusiveMessages.onlyPendingReviewed, { id, status: found.application.status }),
      );
    }
    await createNotification(tx, row.designerId, {
      type: 'contract',
      quality: decision.approve ? 'middle' : 'high',
      content: decision.approve
        ? `恭喜！您成为「${found.providerName}」专属设计师的申请已通过`
        : `您成为「${found.providerName}」专属设计师的申请未通过：${reason}。修改后可重新提交`,
    });
    return { application: row, providerName: found.providerName };
  });
}
