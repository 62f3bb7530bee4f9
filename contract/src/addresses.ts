import { z } from 'zod';
import type { EndpointSchemaMap } from './endpoint.ts';
import { emptyQuerySchema, listPageSchema } from './envelope.ts';
import { idParamsSchema, pureSchema, text, wireDateTime } from './fields.ts';
import { regionPathProblem } from './regions/index.ts';
import { worded } from './wordings.ts';

/**
 * 店铺地址 (shop address, issue 4 item 9): `GET/POST /designerapi/v1/shop-addresses`,
 * `PUT/DELETE /designerapi/v1/shop-addresses/:id`, `POST …/shop-addresses/:id/default`.
 * At most 20 per designer; while there is any, exactly one is the default.
 */

export const SHOP_ADDRESS_MAX = 20;
export const CONSIGNEE_MAX = 32;
export const ADDRESS_DETAIL_MAX = 120;

/** A mobile number, or a landline with its area code (`021-12345678`). */
export const CONTACT_PHONE_PATTERN = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/;
export const contactPhoneField = z
  .string()
  .trim()
  .regex(
    CONTACT_PHONE_PATTERN,
    worded('须为手机号，或固定电话如 021-12345678', 'a mobile number, or a landline such as 021-12345678'),
  );

/**
 * The cascader's value: `[provinceCode, cityCode, districtCode]` of the shipped region list
 * (`regionCascaderOptions()`); a wrong path is one 40000 on `region`.
 */
export const regionPathField = /* @__PURE__ */ pureSchema(() =>
  z.array(z.string().trim().max(6)).superRefine((codes, ctx) => {
    const problem = regionPathProblem(codes);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

/**
 * The address form (`POST` creates, `PUT` replaces). `isDefault`: true makes it the default
 * (the first address always is); on PUT, omitted leaves it as it is, and false on the default
 * address is 40900 (set another address as default instead).
 */
export const shopAddressBodySchema = /* @__PURE__ */ pureSchema(() =>
  z.strictObject({
    consignee: text(CONSIGNEE_MAX, 1, 'line'),
    phone: contactPhoneField,
    region: regionPathField,
    detail: text(ADDRESS_DETAIL_MAX, 1, 'line'),
    postalCode: z
      .union([
        z.literal(''),
        z
          .string()
          .trim()
          .regex(/^\d{6}$/, '6 digits'),
      ])
      .default(''),
    isDefault: z.boolean().optional(),
  }),
);
export type ShopAddressBody = z.input<typeof shopAddressBodySchema>;

export const shopAddressSchema = z.object({
  id: z.number().int(),
  consignee: z.string(),
  phone: z.string(),
  /** `[provinceCode, cityCode, districtCode]`. */
  region: z.array(z.string()),
  /** `['广东省', '广州市', '天河区']`. */
  regionNames: z.array(z.string()),
  detail: z.string(),
  postalCode: z.string(),
  isDefault: z.boolean(),
  createdAt: wireDateTime,
  updatedAt: wireDateTime,
});
export type ShopAddress = z.infer<typeof shopAddressSchema>;

/** `DELETE /designerapi/v1/shop-addresses/:id` answer: the default address now (null when none is left). */
export const shopAddressDeleteAnswerSchema = z.object({ defaultId: z.number().int().nullable() });
export type ShopAddressDeleteAnswer = z.infer<typeof shopAddressDeleteAnswerSchema>;

/** What each addresses call sends and answers (contract/src/endpoint.ts); `api/addresses.ts` says where. */
export const addressesSchemas = {
  list: { query: emptyQuerySchema, data: listPageSchema(shopAddressSchema) },
  create: { body: shopAddressBodySchema, data: shopAddressSchema },
  update: { params: idParamsSchema, body: shopAddressBodySchema, data: shopAddressSchema },
  remove: { params: idParamsSchema, data: shopAddressDeleteAnswerSchema },
  setDefault: { params: idParamsSchema, data: shopAddressSchema },
} satisfies EndpointSchemaMap;
