import {
  cityDisplayName,
  cityPath,
  type DesignerProfile,
  type designerProfileBodySchema,
  profileCompleteness,
} from '@dc/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { designerProfiles, designers } from '../../db/schema/index.ts';
import { notFound } from '../../http/api-error.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { completeDesignerInformation } from '../designer/index.ts';
import { type ImageCheckCtx, keptImageUrl, keptImageUrls } from '../image-files/index.ts';

type ProfileBody = z.output<typeof designerProfileBodySchema>;

/** `GET /designer-profile`: the account's nickname, avatar and description with the profile. */
export async function getProfile(db: Database, designerId: number): Promise<DesignerProfile> {
  const [row] = await db
    .select({
      nickname: designers.nickname,
      pic: designers.pic,
      description: designers.description,
      newlyRegister: designers.newlyRegister,
      profile: designerProfiles,
    })
    .from(designers)
    .leftJoin(designerProfiles, eq(designerProfiles.designerId, designers.id))
    .where(eq(designers.id, designerId));
  if (!row) throw notFound();
  const profile = row.profile;
  const fields = {
    nickname: row.nickname,
    avatar: row.pic,
    realName: profile?.realName ?? '',
    gender: profile?.gender ?? null,
    cityCode: profile?.cityCode ?? null,
    styles: profile?.styles ?? [],
    yearsOfExperience: profile?.yearsOfExperience ?? null,
    description: row.description,
    portfolio: profile?.portfolio ?? [],
  };
  return {
    ...fields,
    cityName: fields.cityCode ? cityDisplayName(fields.cityCode) : '',
    cityPath: fields.cityCode ? cityPath(fields.cityCode) : [],
    updatedAt: profile ? toWireDateTime(profile.updatedAt) : null,
    newly_register: row.newlyRegister ? 1 : 0,
    completeness: profileCompleteness(fields),
  };
}

/**
 * The profile's pictures as the rows keep them: the avatar and portfolio pieces the designer
 * uploaded by their lasting address, outside http(s) pictures as sent (40000 on `avatar` or
 * `portfolio.N` for another designer's image or an address of ours that is none of theirs).
 */
export async function keepProfileImages(ctx: ImageCheckCtx, body: ProfileBody): Promise<ProfileBody> {
  return {
    ...body,
    avatar: await keptImageUrl(ctx, body.avatar, 'avatar', 'uploadsOrOutside'),
    portfolio: await keptImageUrls(ctx, body.portfolio, 'portfolio', 'uploadsOrOutside'),
  };
}

/**
 * `PUT /designer-profile`: saves the account's part and the profile in one transaction, then
 * applies the completion rule (nickname + description) exactly as modifyDesc does.
 */
export async function saveProfile(
  db: Database,
  designerId: number,
  body: ProfileBody,
  now: Date,
): Promise<DesignerProfile> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(designers)
      .set({ nickname: body.nickname, pic: body.avatar, description: body.description, updatedAt: now })
      .where(eq(designers.id, designerId))
      .returning({ id: designers.id });
    if (updated.length === 0) throw notFound();
    const profile = {
      realName: body.realName,
      gender: body.gender,
      cityCode: body.cityCode,
      styles: body.styles,
      yearsOfExperience: body.yearsOfExperience,
      portfolio: body.portfolio,
      updatedAt: now,
    };
    await tx
      .insert(designerProfiles)
      .values({ designerId, ...profile })
      .onConflictDoUpdate({ target: designerProfiles.designerId, set: profile });
    await completeDesignerInformation(tx, designerId, now);
  });
  return getProfile(db, designerId);
}
