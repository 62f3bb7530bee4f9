import { randomBytes } from 'node:crypto';
import {
  type PublicRecruitment,
  type RecruitFollowAnswer,
  type RecruitmentChannel,
  type RecruitmentSettings,
  type recruitFollowBodySchema,
  type recruitmentBodySchema,
  recruitmentChannels,
} from '@dc/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import {
  designers,
  fanInteractions,
  fans,
  recruitmentAutoTags,
  recruitmentChannelStats,
  recruitmentSettings,
  tags,
} from '../../db/schema/index.ts';
import { notFound } from '../../http/api-error.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { setFanTags } from '../fans/index.ts';
import { type ImageCheckCtx, keptImageUrl } from '../image-files/index.ts';
import { type RateRule, take } from '../rate-limit/index.ts';
import { requireOwnTags } from '../tags/index.ts';

type SettingsBody = z.output<typeof recruitmentBodySchema>;
type FollowBody = z.output<typeof recruitFollowBodySchema>;
type SettingsRow = typeof recruitmentSettings.$inferSelect;

/** Follows from one address: a handful an hour is a family sharing a phone, more is a script. */
export const RECRUIT_FOLLOWS_PER_IP: RateRule = {
  bucket: 'recruit-follow-ip',
  limit: 10,
  windowSeconds: 3_600,
};
/** Page visits counted from one address in 10 minutes (beyond: 42900). */
export const RECRUIT_VISITS_PER_IP: RateRule = { bucket: 'recruit-visit-ip', limit: 120, windowSeconds: 600 };
/** A visit counts once per address and page per half hour (a refresh is not a new visitor). */
export const RECRUIT_VISIT_PER_VIEWER: RateRule = { bucket: 'recruit-visit', limit: 1, windowSeconds: 1_800 };

const SLUG_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const SLUG_LENGTH = 10;

/** A random public token for the page (never the designer's id). */
export function newRecruitSlug(): string {
  return [...randomBytes(SLUG_LENGTH)].map((byte) => SLUG_ALPHABET[byte % SLUG_ALPHABET.length]).join('');
}

/** The designer's settings row, created (off, empty, with a fresh slug) on first use. */
async function ensureSettings(db: Database, designerId: number, now: Date): Promise<SettingsRow> {
  await db
    .insert(recruitmentSettings)
    .values({ designerId, slug: newRecruitSlug(), updatedAt: now })
    .onConflictDoNothing({ target: recruitmentSettings.designerId });
  const [row] = await db
    .select()
    .from(recruitmentSettings)
    .where(eq(recruitmentSettings.designerId, designerId));
  return row!;
}

async function channelStats(db: Database, designerId: number) {
  const rows = await db
    .select()
    .from(recruitmentChannelStats)
    .where(eq(recruitmentChannelStats.designerId, designerId));
  const byChannel = new Map(rows.map((row) => [row.channel, row]));
  return recruitmentChannels.map((channel) => ({
    channel,
    visits: byChannel.get(channel)?.visits ?? 0,
    follows: byChannel.get(channel)?.follows ?? 0,
  }));
}

/** The settings as stored; the route adds the share base of the request. */
export type StoredRecruitment = Omit<RecruitmentSettings, 'shareBase'>;

async function toSettings(db: Database, row: SettingsRow): Promise<StoredRecruitment> {
  const [autoTags, [designer], channels] = await Promise.all([
    db
      .select({ id: tags.id, name: tags.name, color: tags.color })
      .from(recruitmentAutoTags)
      .innerJoin(tags, eq(tags.id, recruitmentAutoTags.tagId))
      .where(eq(recruitmentAutoTags.designerId, row.designerId))
      .orderBy(asc(tags.name), asc(tags.id)),
    db.select({ nickname: designers.nickname }).from(designers).where(eq(designers.id, row.designerId)),
    channelStats(db, row.designerId),
  ]);
  return {
    enabled: row.enabled,
    slug: row.slug,
    welcome: row.welcome,
    benefit: row.benefit,
    coverUrl: row.coverUrl,
    autoTags,
    designerName: designer?.nickname ?? '',
    channels,
    updatedAt: toWireDateTime(row.updatedAt),
  };
}

/** `GET /recruitment`. */
export async function recruitmentSettingsOf(
  db: Database,
  designerId: number,
  now: Date,
): Promise<StoredRecruitment> {
  return toSettings(db, await ensureSettings(db, designerId, now));
}

/**
 * The cover as the settings keep it: an uploaded image by its lasting address, an outside http(s)
 * picture as sent; 40000 on `coverUrl` for another designer's image.
 */
export async function keepRecruitmentCover(ctx: ImageCheckCtx, body: SettingsBody): Promise<SettingsBody> {
  return { ...body, coverUrl: await keptImageUrl(ctx, body.coverUrl, 'coverUrl', 'uploadsOrOutside') };
}

/**
 * `PUT /recruitment`: one transaction; every auto tag must be the designer's (40400 on
 * `autoTagIds`), at most 20 (the contract: a recruited fan must be able to carry them all).
 */
export async function saveRecruitmentSettings(
  db: Database,
  designerId: number,
  body: SettingsBody,
  now: Date,
): Promise<StoredRecruitment> {
  return db.transaction(async (tx) => {
    await ensureSettings(tx, designerId, now);
    await requireOwnTags(tx, designerId, body.autoTagIds, 'autoTagIds');
    const [row] = await tx
      .update(recruitmentSettings)
      .set({
        enabled: body.enabled,
        welcome: body.welcome,
        benefit: body.benefit,
        coverUrl: body.coverUrl,
        updatedAt: now,
      })
      .where(eq(recruitmentSettings.designerId, designerId))
      .returning();
    await tx.delete(recruitmentAutoTags).where(eq(recruitmentAutoTags.designerId, designerId));
    if (body.autoTagIds.length > 0) {
      await tx.insert(recruitmentAutoTags).values(body.autoTagIds.map((tagId) => ({ designerId, tagId })));
    }
    return toSettings(tx, row!);
  });
}

/** The enabled page of a slug with its designer, locked until the transaction ends, or 40400. */
async function lockedEnabledPage(db: Database, slug: string) {
  const [row] = await db
    .select({ settings: recruitmentSettings, nickname: designers.nickname, pic: designers.pic })
    .from(recruitmentSettings)
    .innerJoin(designers, eq(designers.id, recruitmentSettings.designerId))
    .where(and(eq(recruitmentSettings.slug, slug), eq(recruitmentSettings.enabled, true)))
    .for('update', { of: recruitmentSettings });
  if (!row) throw notFound();
  return row;
}

/** `GET /public/recruitment/:slug`: what a visitor sees; a page turned off is 40400. */
export async function publicRecruitment(db: Database, slug: string): Promise<PublicRecruitment> {
  const [row] = await db
    .select({ settings: recruitmentSettings, nickname: designers.nickname, pic: designers.pic })
    .from(recruitmentSettings)
    .innerJoin(designers, eq(designers.id, recruitmentSettings.designerId))
    .where(and(eq(recruitmentSettings.slug, slug), eq(recruitmentSettings.enabled, true)));
  if (!row) throw notFound();
  return {
    designerName: row.nickname,
    designerAvatar: row.pic,
    welcome: row.settings.welcome,
    benefit: row.settings.benefit,
    coverUrl: row.settings.coverUrl,
  };
}

const bump = (db: Database, designerId: number, channel: RecruitmentChannel, column: 'visits' | 'follows') =>
  db
    .insert(recruitmentChannelStats)
    .values({
      designerId,
      channel,
      visits: column === 'visits' ? 1 : 0,
      follows: column === 'follows' ? 1 : 0,
    })
    .onConflictDoUpdate({
      target: [recruitmentChannelStats.designerId, recruitmentChannelStats.channel],
      set: { [column]: sql`${recruitmentChannelStats[column]} + 1` },
    });

/**
 * `POST /public/recruitment/:slug/visits`: counts a visit of the channel. A repeat from the same
 * address within half an hour answers `counted: false`; a flood from one address is 42900.
 */
export async function recordRecruitVisit(
  db: Database,
  slug: string,
  channel: RecruitmentChannel,
  ip: string,
  now: Date,
): Promise<{ counted: boolean }> {
  await take(db, RECRUIT_VISITS_PER_IP, ip, now);
  const page = await publicRecruitmentOwner(db, slug);
  try {
    await take(db, RECRUIT_VISIT_PER_VIEWER, `${slug}:${ip}`, now);
  } catch {
    return { counted: false };
  }
  await bump(db, page, channel, 'visits');
  return { counted: true };
}

async function publicRecruitmentOwner(db: Database, slug: string): Promise<number> {
  const [row] = await db
    .select({ designerId: recruitmentSettings.designerId })
    .from(recruitmentSettings)
    .where(and(eq(recruitmentSettings.slug, slug), eq(recruitmentSettings.enabled, true)));
  if (!row) throw notFound();
  return row.designerId;
}

/**
 * `POST /public/recruitment/:slug/follow`: in one transaction the visitor becomes the designer's
 * fan (source recruitment), gets the auto tags through the fans service (its limits and tag
 * lock), a follow in the timeline, and the channel's follow count goes up. 42900 past 10 an
 * hour from one address; a page turned off is 40400.
 */
export async function followThroughRecruitment(
  db: Database,
  slug: string,
  body: FollowBody,
  ip: string,
  now: Date,
): Promise<RecruitFollowAnswer> {
  await take(db, RECRUIT_FOLLOWS_PER_IP, ip, now);
  return db.transaction(async (tx) => {
    const page = await lockedEnabledPage(tx, slug);
    const designerId = page.settings.designerId;
    const [fan] = await tx
      .insert(fans)
      .values({
        designerId,
        nickname: body.nickname,
        gender: body.gender,
        source: 'recruitment',
        followedAt: now,
        lastActiveAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: fans.id });
    const autoTags = await tx
      .select({ tagId: recruitmentAutoTags.tagId })
      .from(recruitmentAutoTags)
      .where(eq(recruitmentAutoTags.designerId, designerId));
    if (autoTags.length > 0) {
      await setFanTags(
        tx,
        designerId,
        fan!.id,
        autoTags.map((row) => row.tagId),
        now,
      );
    }
    await tx.insert(fanInteractions).values({
      fanId: fan!.id,
      kind: 'follow',
      text: `招募页关注 · ${body.channel}`,
      at: now,
    });
    await bump(tx, designerId, body.channel, 'follows');
    return { nickname: body.nickname, designerName: page.nickname };
  });
}
