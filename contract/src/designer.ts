import { z } from 'zod';
import { PIC_URL_MAX, text } from './fields.ts';

/** `GET /designerapi/v1/yiDesigner/modifyInfo` answer (spec section 3, designer info). */
export const designerInfoSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  pic: z.string(),
  telephone: z.string(),
});
export type DesignerInfo = z.infer<typeof designerInfoSchema>;

export const NICKNAME_MAX = 32;

/**
 * `POST /designerapi/v1/yiDesigner/modifyInfo`. The telephone is read here but changed only
 * through `yiDesigner/modifyPhone`, which proves both phones with codes.
 */
export const modifyInfoBodySchema = z
  .strictObject({
    nickname: text(NICKNAME_MAX).optional(),
    // An http(s) URL or the lasting address of an upload (a path on this server); the server
    // keeps only the designer's own uploads.
    pic: z
      .string()
      .trim()
      .max(PIC_URL_MAX)
      .refine(
        (value) => value === '' || /^\/(?!\/)\S+$/.test(value) || /^https?:\/\/[^/?#\s]+\S*$/i.test(value),
        'must be an http(s) URL or an uploaded image',
      )
      .optional(),
  })
  .refine((body) => body.nickname !== undefined || body.pic !== undefined, {
    message: 'nothing to change',
    path: ['nickname'],
  });
export type ModifyInfoBody = z.input<typeof modifyInfoBodySchema>;
