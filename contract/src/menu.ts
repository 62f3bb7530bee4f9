import { z } from 'zod';
import type { EndpointSchemaMap } from './endpoint.ts';
import { emptyQuerySchema } from './envelope.ts';

export const localizedTextSchema = z.object({ 'zh-CN': z.string(), 'en-US': z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** Route meta of spec section 3. */
export const routeMetaSchema = z.object({
  title: localizedTextSchema,
  icon: z.string().optional(),
  hidden: z.boolean().optional(),
  hiddenBreadcrumb: z.boolean().optional(),
  single: z.boolean().optional(),
  orderNo: z.number().int().optional(),
  expanded: z.boolean().optional(),
  keepAlive: z.boolean().optional(),
  frameSrc: z.string().optional(),
  frameBlank: z.boolean().optional(),
  /**
   * For a page outside the menu (a record's detail, an editor): the full path of the list it
   * belongs to, so the breadcrumb reads section › list › page and the back button knows where to go.
   */
  currentActiveMenu: z.string().optional(),
});
export type RouteMeta = z.infer<typeof routeMetaSchema>;

export interface MenuRoute {
  /** Absolute for first-level items (`/course`), relative for children (`designer-course`). */
  path: string;
  name: string;
  /** Page name resolved from `web/src/pages/**` (`course/designer-course`); absent on groups. */
  component?: string | undefined;
  redirect?: string | undefined;
  meta: RouteMeta;
  children?: MenuRoute[] | undefined;
}

export const menuRouteSchema: z.ZodType<MenuRoute> = z
  .lazy(
    () =>
      z.object({
        path: z.string(),
        name: z.string(),
        component: z.string().optional(),
        redirect: z.string().optional(),
        meta: routeMetaSchema,
        children: z.array(menuRouteSchema).optional(),
      }),
    // The id names the recursive schema in the OpenAPI document (components.schemas.MenuRoute).
  )
  .meta({ id: 'MenuRoute' });

/** `GET /designerapi/v1/menu`: the session designer's route tree. */
export const menuAnswerSchema = z.object({ list: z.array(menuRouteSchema) });
export type MenuAnswer = z.infer<typeof menuAnswerSchema>;

/** What each menu call sends and answers (contract/src/endpoint.ts); `api/menu.ts` says where. */
export const menuSchemas = {
  tree: { query: emptyQuerySchema, data: menuAnswerSchema },
} satisfies EndpointSchemaMap;
