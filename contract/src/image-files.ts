import { z } from 'zod';
import { IMAGE_RENDITION_WIDTHS } from './constants.ts';
import type { EndpointSchemaMap } from './endpoint.ts';
import { worded } from './wordings.ts';

/**
 * An image's key in the object store: a designer's (`designers/<id>/images/<file>`) or the
 * platform's (`platform/images/<file>`).
 */
export const IMAGE_OBJECT_KEY =
  /^(?:designers\/[1-9]\d{0,9}|platform)\/images\/[A-Za-z0-9][A-Za-z0-9_-]{0,99}(?:\.[a-z0-9]{1,8})?$/;

/** `GET /designerapi/v1/image-files/<key>`: a stored image by its lasting address. */
export const imageFileParamsSchema = z.strictObject({
  '*': z
    .string()
    .regex(
      IMAGE_OBJECT_KEY,
      worded(
        '须为图片键，例如 designers/1/images/<name>.png',
        'an image key such as designers/1/images/<name>.png',
      ),
    ),
});

/**
 * `?w=160|480|1280`: the WebP rendition of that width instead of the original (contract
 * constants.ts, IMAGE_RENDITION_WIDTHS); any other width is 40000 on `w`.
 */
export const imageFileQuerySchema = z.object({
  w: z.coerce
    .number()
    .refine(
      (width) => (IMAGE_RENDITION_WIDTHS as readonly number[]).includes(width),
      worded('须为 160、480 或 1280', 'one of 160, 480, 1280'),
    )
    .optional(),
});

/** The stored images' call (contract/src/endpoint.ts): a redirect, no envelope. */
export const imageFilesSchemas = {
  show: { params: imageFileParamsSchema, query: imageFileQuerySchema },
} satisfies EndpointSchemaMap;
