import type { ContractAttachment } from '@dc/contract';
import { invalidField } from '../../http/failures.ts';
import { type ImageCheckCtx, ownStoredImageUrl } from '../image-files/index.ts';
import { contractsMessages } from './messages.ts';

/**
 * A contract's attachments as the contract keeps them: each must be a file the designer uploaded
 * through the upload path (checked there: a JPEG, PNG, WebP or GIF of the declared size), named by
 * its lasting address or the signed link the upload answered, and is kept by its lasting address.
 * An outside URL, another designer's upload or one that never reached the store is 40000 on
 * `attachments.N.url`; two entries that are the same upload are refused as a duplicate.
 */
export async function ownAttachments(
  ctx: ImageCheckCtx,
  attachments: readonly ContractAttachment[],
): Promise<ContractAttachment[]> {
  const kept: ContractAttachment[] = [];
  for (const [index, attachment] of attachments.entries()) {
    const field = `attachments.${index}.url`;
    const url = await ownStoredImageUrl(ctx, attachment.url, field);
    if (kept.some((other) => other.url === url))
      throw invalidField(field, contractsMessages.fileAttachedTwice);
    kept.push({ name: attachment.name, url });
  }
  return kept;
}
