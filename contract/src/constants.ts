/** Business constants and limits of spec section 9. */
export const API_PREFIX = '/designerapi/v1';
export const REQUEST_TIMEOUT_MS = 30_000;
export const REQUEST_RETRY_COUNT = 0;
export const REQUEST_RETRY_DELAY_MS = 1_000;
export const SUCCESS_TOAST_SECONDS = 3;
export const ERROR_TOAST_SECONDS = 3;
export const LOGIN_ERROR_TOAST_SECONDS = 1.5;
export const SIDEBAR_COLLAPSE_WIDTH = 991;
export const HOME_TAB_PATH = '/my-vault';
export const DEFAULT_BRAND_COLOR = '#593BFF';
export const BRAND_COLOR_PRESETS = [
  '#0052D9',
  '#0594FA',
  '#00A870',
  '#EBB105',
  '#ED7B2F',
  '#E34D59',
  '#ED49B4',
  '#834EC2',
] as const;
export const BREADCRUMB_MAX_ITEM_WIDTH = 150;
export const CONTEXT_MENU_MIN_COLUMN_WIDTH = 128;
export const USER_DROPDOWN_MIN_COLUMN_WIDTH = 120;
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const COPYRIGHT_START_YEAR = 2015;
/**
 * The widths (longer side, px) of the WebP renditions made of every stored picture: lists and
 * small cards ask for 160, large cards for 480, a preview for 1280 (never enlarged). Asked as
 * `/designerapi/v1/image-files/<key>?w=<width>`; in a file without zod so the web bundle can
 * read it.
 */
export const IMAGE_RENDITION_WIDTHS = [160, 480, 1280] as const;
export type ImageRenditionWidth = (typeof IMAGE_RENDITION_WIDTHS)[number];

/** Business time zone: day, week and month boundaries of statistics are in Asia/Shanghai. */
export const BUSINESS_TIME_ZONE = 'Asia/Shanghai';

/** Spec section 4: order/contract progress status. */
export const ContractStatus = {
  failedAudit: 0,
  pendingAudit: 1,
  pendingExecution: 2,
  executing: 3,
  finished: 4,
} as const;
export const ContractType = { main: 0, sub: 1, supplement: 2 } as const;
export const Direction = { payment: 0, receipt: 1 } as const;

/** Upload defaults of spec section 9. */
export const UPLOAD_PART_SIZE = 1_048_576;
export const UPLOAD_PARALLEL = 5;
export const UPLOAD_RETRY_COUNT = 3;
export const UPLOAD_RETRY_WAIT_MS = 2_000;
export const UPLOAD_MAX_PARTS = 10_000;
export const UPLOAD_DEFAULT_REGION = 'cn-shanghai';
export const UPLOAD_MD5_BYTES = 1024;
export const UPLOAD_HTTP_TIMEOUT_MS = 300_000;
export const UPLOAD_SDK_VERSION = '1.5.0';

/**
 * The top-level URL sections of the full console's menu (spec section 2). A newly registered
 * designer's menu has only the designer information: a path in one of these sections is a page
 * they will have once it is complete, not a 404. server/test/menu/sections.test.ts holds the
 * server's menu tree to this list.
 */
export const CONSOLE_SECTIONS = [
  '/basic-information',
  '/course',
  '/short-video',
  '/my-vault',
  '/data',
  '/boutique',
  '/label',
  '/fans',
  '/smartClient',
  '/detail',
] as const;
