import { z } from 'zod';
import type { EndpointSchemaMap } from './endpoint.ts';
import { emptyQuerySchema, listPageSchema, pageQuerySchema } from './envelope.ts';
import { bodyIdField, fen, formBoolean, idParamsSchema, text, wireDateTime } from './fields.ts';
import { uploadGrantSchema } from './videos.ts';
import { worded } from './wordings.ts';

/**
 * 3D recommendation (issue 9): backgrounds, models and looks of the designer, and the public
 * page `/3D-h5?id=` that shows an online look to anyone.
 *
 * Designer (session): `GET/POST …/look-backgrounds`, `PUT/DELETE …/look-backgrounds/:id`;
 * `GET …/look-models`, `POST …/look-models/create-upload`, `POST …/look-models/refresh-upload`,
 * `POST …/look-models/:id/upload-finished`, `PUT/DELETE …/look-models/:id`;
 * `GET/POST …/looks`, `GET/PUT/DELETE …/looks/:id`, `POST …/looks/:id/online`,
 * `POST …/looks/:id/sort-order`, `GET …/looks/:id/stats`.
 * Public (no session): `GET …/public/looks/:id`, `POST …/public/looks/:id/events`,
 * `GET …/look-assets/:file` (the shipped models and posters).
 * Shipped backgrounds and models (`shipped: true`) are visible to every designer, editable by none.
 */

export const LOOK_NAME_MAX = 30;
export const LOOK_TITLE_MAX = 40;
export const LOOK_DESCRIPTION_MAX = 500;
export const LOOK_PRODUCTS_MAX = 12;
export const LOOK_SIZE_LABEL_MAX = 8;
export const LOOK_SORT_MAX = 9999;
/** An uploaded model: at most 30 MB and 300k triangles (issue 9 "Bad input"). */
export const MODEL_MAX_BYTES = 30 * 1024 * 1024;
export const MODEL_MAX_TRIANGLES = 300_000;
export const LOOK_STATS_DAYS = [7, 30, 90] as const;

export const backgroundKinds = ['solid', 'gradient', 'image', 'hdr'] as const;
export type BackgroundKind = (typeof backgroundKinds)[number];
export const bodyTypes = ['female', 'male', 'child', 'neutral'] as const;
export type BodyType = (typeof bodyTypes)[number];
export const modelStatuses = ['uploading', 'ready', 'disabled'] as const;
export type ModelStatus = (typeof modelStatuses)[number];
export const lookEventTypes = ['view', 'rotation', 'productTap'] as const;
export type LookEventType = (typeof lookEventTypes)[number];

const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, worded('须为颜色，例如 #593BFF', 'a colour such as #593BFF'));

/**
 * The camera of a look: `azimuth` degrees around the model (0 = in front), `polar` degrees from
 * straight above (90 = level), `distance` metres from `target` (the point looked at, metres).
 */
export const cameraPresetSchema = z.strictObject({
  azimuth: z.number().min(-180).max(180),
  polar: z.number().min(5).max(175),
  distance: z.number().min(0.5).max(20),
  target: z.tuple([z.number().min(-10).max(10), z.number().min(-10).max(10), z.number().min(-10).max(10)]),
});
export type CameraPreset = z.infer<typeof cameraPresetSchema>;
export const DEFAULT_CAMERA: CameraPreset = { azimuth: 0, polar: 85, distance: 3.2, target: [0, 0.95, 0] };

/** A background as the lists show it; `imageUrl` / `thumbnailUrl` are links to show (null: none). */
export const lookBackgroundSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(backgroundKinds),
  colors: z.array(z.string()),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  shipped: z.boolean(),
  /** Names a shipped background (the web shows its name in the current language); null: the designer's. */
  shippedKey: z.string().nullable(),
  /** How many of the designer's looks use it (delete is refused while any does). */
  lookCount: z.number().int(),
  updatedAt: wireDateTime,
});
export type LookBackground = z.infer<typeof lookBackgroundSchema>;

const backgroundFields = z.strictObject({
  name: text(LOOK_NAME_MAX, 1, 'line'),
  kind: z.enum(backgroundKinds),
  colors: z.array(hexColor).max(2).default([]),
  imageId: bodyIdField.nullable().optional(),
  thumbnailImageId: bodyIdField.nullable().optional(),
});
const coloursMatchKind = (body: z.output<typeof backgroundFields>, ctx: z.RefinementCtx) => {
  const wanted = body.kind === 'solid' ? 1 : body.kind === 'gradient' ? 2 : 0;
  if (wanted && body.colors.length !== wanted) {
    ctx.addIssue({ code: 'custom', path: ['colors'], message: `${body.kind} needs ${wanted} colour(s)` });
  }
};

/**
 * `POST /look-backgrounds`. solid: one colour; gradient: two (top, bottom); image / hdr:
 * `imageId` (an image uploaded through `vod/create-upload` kind image).
 */
export const lookBackgroundBodySchema = backgroundFields.superRefine((body, ctx) => {
  coloursMatchKind(body, ctx);
  if ((body.kind === 'image' || body.kind === 'hdr') && !body.imageId) {
    ctx.addIssue({ code: 'custom', path: ['imageId'], message: `${body.kind} needs an uploaded picture` });
  }
});
/** `PUT /look-backgrounds/:id`: as POST, but a picture kind may keep its stored picture (no `imageId`). */
export const lookBackgroundUpdateBodySchema = backgroundFields.superRefine(coloursMatchKind);
export const lookBackgroundNameField = backgroundFields.shape.name;
export type LookBackgroundBody = z.input<typeof lookBackgroundBodySchema>;

export const lookModelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  fileName: z.string(),
  /** A link to the .glb (null while uploading). */
  modelUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  bodyType: z.enum(bodyTypes),
  sizeLabel: z.string(),
  status: z.enum(modelStatuses),
  triangleCount: z.number().int(),
  byteSize: z.number().int(),
  shipped: z.boolean(),
  shippedKey: z.string().nullable(),
  lookCount: z.number().int(),
  updatedAt: wireDateTime,
});
export type LookModel = z.infer<typeof lookModelSchema>;

/** Why a file cannot be a model, before any upload (browser and server agree). */
export function modelFileProblem(file: {
  name: string;
  size: number;
}): 'notGlb' | 'empty' | 'tooLarge' | undefined {
  if (!/\.glb$/i.test(file.name)) return 'notGlb';
  if (file.size <= 0) return 'empty';
  if (file.size > MODEL_MAX_BYTES) return 'tooLarge';
  return undefined;
}

const modelFields = {
  name: text(LOOK_NAME_MAX, 1, 'line'),
  bodyType: z.enum(bodyTypes),
  sizeLabel: text(LOOK_SIZE_LABEL_MAX, 0, 'line').default(''),
  posterImageId: bodyIdField.nullable().optional(),
};

/** `POST /look-models/create-upload`: the row (uploading) and credentials for its .glb object. */
export const lookModelUploadBodySchema = z.strictObject({
  ...modelFields,
  fileName: text(255, 1, 'line').refine(
    (name) => /\.glb$/i.test(name),
    'must be a .glb file (binary glTF 2.0)',
  ),
  fileSize: z
    .number()
    .int()
    .min(1, worded('文件为空', 'the file is empty'))
    .max(
      MODEL_MAX_BYTES,
      worded(`最大 ${MODEL_MAX_BYTES / 1024 / 1024} MB`, `at most ${MODEL_MAX_BYTES / 1024 / 1024} MB`),
    ),
});
export type LookModelUploadBody = z.input<typeof lookModelUploadBodySchema>;

/** The answer of create-upload / refresh-upload of a model: the VOD grant and the model's id. */
export const lookModelGrantSchema = uploadGrantSchema.extend({ modelId: z.string() });
export type LookModelGrant = z.infer<typeof lookModelGrantSchema>;

/** `POST /look-models/refresh-upload`: new credentials while the model uploads. */
export const lookModelRefreshBodySchema = z.strictObject({ modelId: bodyIdField });

/** `PUT /look-models/:id`: the owner's fields; `status` ready | disabled once uploaded. */
export const lookModelUpdateBodySchema = z.strictObject({
  ...modelFields,
  status: z.enum(['ready', 'disabled']).optional(),
});
export type LookModelUpdateBody = z.input<typeof lookModelUpdateBodySchema>;

/** A product worn in a look, in one colour: `variantId` is one of the product's variants. */
export const lookProductBodySchema = z.strictObject({
  productId: bodyIdField,
  variantId: bodyIdField.nullable(),
});

/** `POST /looks`, `PUT /looks/:id`. Going online needs a ready model (40000 on `modelId`). */
export const lookBodySchema = z.strictObject({
  title: text(LOOK_TITLE_MAX, 1, 'line'),
  description: text(LOOK_DESCRIPTION_MAX, 0, 'lines').default(''),
  sortOrder: z.number().int().min(0).max(LOOK_SORT_MAX).default(0),
  modelId: bodyIdField.nullable().default(null),
  backgroundId: bodyIdField.nullable().default(null),
  camera: cameraPresetSchema.default(DEFAULT_CAMERA),
  products: z
    .array(lookProductBodySchema)
    .max(
      LOOK_PRODUCTS_MAX,
      worded(`最多 ${LOOK_PRODUCTS_MAX} 件商品`, `at most ${LOOK_PRODUCTS_MAX} products`),
    )
    .refine(
      (items) => new Set(items.map((item) => item.productId)).size === items.length,
      'products must differ',
    )
    .default([]),
  online: z.boolean().default(false),
});
export type LookBody = z.input<typeof lookBodySchema>;

/** `GET /looks`: sorted by `sortOrder` ascending, then newest. */
export const lookListQuerySchema = z.strictObject({
  ...pageQuerySchema.shape,
  keyword: z.string().trim().max(40).optional(),
  online: formBoolean.optional(),
});
export type LookListQuery = z.input<typeof lookListQuerySchema>;

export const lookRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  sortOrder: z.number().int(),
  online: z.boolean(),
  modelId: z.number().int().nullable(),
  modelName: z.string().nullable(),
  posterUrl: z.string().nullable(),
  background: lookBackgroundSchema.nullable(),
  productCount: z.number().int(),
  views: z.number().int(),
  createdAt: wireDateTime,
  updatedAt: wireDateTime,
});
export type LookRow = z.infer<typeof lookRowSchema>;

export const lookProductSchema = z.object({
  productId: z.number().int(),
  variantId: z.number().int().nullable(),
  title: z.string(),
  coverUrl: z.string(),
  /** The chosen variant's colour ('' when none was chosen). */
  color: z.string(),
  /** The chosen variant's price, else the product's lowest, fen. */
  price: fen,
  onSale: z.boolean(),
});
export type LookProduct = z.infer<typeof lookProductSchema>;

/** `GET /looks/:id` and every write's answer. */
export const lookDetailSchema = lookRowSchema.extend({
  description: z.string(),
  camera: cameraPresetSchema,
  backgroundId: z.number().int().nullable(),
  model: lookModelSchema.nullable(),
  products: z.array(lookProductSchema),
  /** The public page's address (phones: PUBLIC_URL or the LAN address). */
  shareUrl: z.string(),
});
export type LookDetail = z.infer<typeof lookDetailSchema>;

export const lookOnlineBodySchema = z.strictObject({ online: z.boolean() });
export const lookSortOrderBodySchema = z.strictObject({
  sortOrder: z.number().int().min(0).max(LOOK_SORT_MAX),
});

export const lookStatsQuerySchema = z.strictObject({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (LOOK_STATS_DAYS as readonly number[]).includes(days), 'one of 7, 30, 90')
    .default(30),
  _t: z.coerce.number().optional(),
});

const countsShape = {
  views: z.number().int(),
  rotations: z.number().int(),
  productTaps: z.number().int(),
};
/** `GET /looks/:id/stats`: totals since the look was made, and one row per day of the window. */
export const lookStatsSchema = z.object({
  totals: z.object(countsShape),
  daily: z.array(z.object({ day: z.string(), ...countsShape })),
});
export type LookStats = z.infer<typeof lookStatsSchema>;

/** `GET /public/looks/:id`: what the public page shows (online looks only; else 40400). */
export const publicLookSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  designerName: z.string(),
  modelUrl: z.string(),
  posterUrl: z.string().nullable(),
  background: lookBackgroundSchema.omit({ lookCount: true, shipped: true, updatedAt: true }).nullable(),
  camera: cameraPresetSchema,
  products: z.array(lookProductSchema.omit({ onSale: true })),
});
export type PublicLook = z.infer<typeof publicLookSchema>;

/** `POST /public/looks/:id/events`: one thing a viewer did. */
export const lookEventBodySchema = z.strictObject({
  type: z.enum(lookEventTypes),
  productId: bodyIdField.optional(),
});
export type LookEventBody = z.input<typeof lookEventBodySchema>;
/** `counted` false: a repeated view (one per viewer and look per half hour) is not counted again. */
export const lookEventAnswerSchema = z.object({ counted: z.boolean() });

/** `:file` of `GET /look-assets/:file`: a shipped asset's name. */
export const lookAssetParamsSchema = z.strictObject({
  file: z.string().regex(/^[a-z0-9-]{1,48}\.(glb|png)$/, 'a shipped asset name'),
});

/** What deleting a background, a model or a look answers. */
export const lookDeleteAnswerSchema = z.object({ id: z.number().int() });

/** The calls of 3D recommendation (contract/src/endpoint.ts): the designer's, then the public page's. */
export const looksSchemas = {
  listBackgrounds: { query: emptyQuerySchema, data: listPageSchema(lookBackgroundSchema) },
  createBackground: { body: lookBackgroundBodySchema, data: lookBackgroundSchema },
  updateBackground: {
    params: idParamsSchema,
    body: lookBackgroundUpdateBodySchema,
    data: lookBackgroundSchema,
  },
  removeBackground: { params: idParamsSchema, data: lookDeleteAnswerSchema },
  listModels: { query: emptyQuerySchema, data: listPageSchema(lookModelSchema) },
  createModelUpload: { body: lookModelUploadBodySchema, data: lookModelGrantSchema },
  refreshModelUpload: { body: lookModelRefreshBodySchema, data: lookModelGrantSchema },
  finishModelUpload: { params: idParamsSchema, data: lookModelSchema },
  updateModel: { params: idParamsSchema, body: lookModelUpdateBodySchema, data: lookModelSchema },
  removeModel: { params: idParamsSchema, data: lookDeleteAnswerSchema },
  list: { query: lookListQuerySchema, data: listPageSchema(lookRowSchema) },
  create: { body: lookBodySchema, data: lookDetailSchema },
  detail: { params: idParamsSchema, query: emptyQuerySchema, data: lookDetailSchema },
  update: { params: idParamsSchema, body: lookBodySchema, data: lookDetailSchema },
  setOnline: { params: idParamsSchema, body: lookOnlineBodySchema, data: lookDetailSchema },
  setSortOrder: { params: idParamsSchema, body: lookSortOrderBodySchema, data: lookDetailSchema },
  remove: { params: idParamsSchema, data: lookDeleteAnswerSchema },
  stats: { params: idParamsSchema, query: lookStatsQuerySchema, data: lookStatsSchema },
  publicDetail: { params: idParamsSchema, query: emptyQuerySchema, data: publicLookSchema },
  publicEvent: { params: idParamsSchema, body: lookEventBodySchema, data: lookEventAnswerSchema },
  /** A shipped .glb or .png: the file itself. */
  asset: { params: lookAssetParamsSchema },
} satisfies EndpointSchemaMap;
