import type { LocalizedText, MenuRoute, RouteMeta } from '@dc/contract';

/** A menu node built from its titles; children inherit nothing but are listed in menu order. */
function node(
  path: string,
  name: string,
  title: LocalizedText,
  options: Partial<Omit<MenuRoute, 'path' | 'name' | 'meta'>> & { meta?: Omit<RouteMeta, 'title'> } = {},
): MenuRoute {
  const { meta, ...rest } = options;
  return { path, name, ...rest, meta: { title, ...meta } };
}

const zh = (zhCN: string, enUS: string): LocalizedText => ({ 'zh-CN': zhCN, 'en-US': enUS });
const page = (area: string, screen: string) => `${area}/${screen}`;

/** The full route tree of spec section 2 with the titles of DESIGN.md, for established designers. */
export const fullMenu: MenuRoute[] = [
  node('/basic-information', 'BasicInformation', zh('基本信息', 'Basic information'), {
    redirect: '/basic-information/exclusive-designer',
    meta: { icon: 'IdcardOutlined', orderNo: 1 },
    children: [
      node('exclusive-designer', 'ExclusiveDesigner', zh('专属设计师', 'Exclusive designer'), {
        component: page('exclusive', 'exclusive-designer'),
      }),
      node('designer-information', 'DesignerInformation', zh('设计师信息', 'Designer information'), {
        component: page('designer', 'designer-information'),
      }),
      node('self-information', 'SelfInformation', zh('个人信息', 'Self information'), {
        component: page('designer', 'self-information'),
      }),
      node('designer-partener', 'DesignerPartener', zh('设计师合伙人', 'Designer partner'), {
        component: page('partners', 'designer-partener'),
      }),
      node('shop-address', 'ShopAddress', zh('店铺地址', 'Shop address'), {
        component: page('addresses', 'shop-address'),
      }),
    ],
  }),
  node('/course', 'Course', zh('课程管理', 'Course management'), {
    redirect: '/course/designer-course',
    meta: { icon: 'ReadOutlined', orderNo: 2 },
    children: [
      node('designer-course', 'DesignerCourse', zh('设计师课程', 'Designer courses'), {
        component: page('courses', 'designer-course'),
      }),
      node('user-course', 'UserCourse', zh('用户课程', 'User courses'), {
        component: page('courses', 'user-course'),
      }),
    ],
  }),
  node('/short-video', 'ShortVideo', zh('短视频管理', 'Short video management'), {
    redirect: '/short-video/publish-video',
    meta: { icon: 'VideoCameraOutlined', orderNo: 3, single: true },
    children: [
      node('publish-video', 'PublishVideo', zh('发布视频', 'Publish video'), {
        component: page('videos', 'publish-video'),
      }),
    ],
  }),
  node('/my-vault', 'MyVault', zh('我的金库', 'My vault'), {
    redirect: '/my-vault/vault-statistics',
    meta: { icon: 'WalletOutlined', orderNo: 4 },
    children: [
      node('vault-statistics', 'VaultStatistics', zh('金库统计', 'Vault statistics'), {
        component: page('vault', 'vault-statistics'),
      }),
      node('vault-detailed', 'VaultDetailed', zh('金库明细', 'Vault detail'), {
        component: page('vault', 'vault-detailed'),
      }),
    ],
  }),
  node('/data', 'Data', zh('数据分析', 'Data analysis'), {
    redirect: '/data/data-analysis',
    meta: { icon: 'LineChartOutlined', orderNo: 5 },
    children: [
      node('data-analysis', 'DataAnalysis', zh('数据概览', 'Overview'), {
        component: page('analytics', 'data-analysis'),
      }),
      node('fans-analysis-list/:type', 'FansAnalysisList', zh('粉丝分析列表', 'Fans analysis list'), {
        component: page('analytics', 'fans-analysis-list'),
        meta: { hidden: true, currentActiveMenu: '/data/data-analysis' },
      }),
      node(
        'income-analysis-list/:type/:dateType',
        'IncomeAnalysisList',
        zh('收入分析列表', 'Income analysis list'),
        {
          component: page('analytics', 'income-analysis-list'),
          meta: { hidden: true, currentActiveMenu: '/data/data-analysis' },
        },
      ),
      node(
        'sales-analysis-list/:type/:dateType/:createdAt?',
        'SalesAnalysisList',
        zh('销售分析列表', 'Sales analysis list'),
        {
          component: page('analytics', 'sales-analysis-list'),
          meta: { hidden: true, currentActiveMenu: '/data/data-analysis' },
        },
      ),
      node('show-rank', 'ShowRank', zh('秀场排行', 'Show ranking'), {
        component: page('analytics', 'show-rank'),
      }),
      node('designer-course-rank', 'DesignerCourseRank', zh('设计师课程排行', 'Designer course ranking'), {
        component: page('analytics', 'designer-course-rank'),
      }),
      node('user-course-rank', 'UserCourseRank', zh('用户课程排行', 'User course ranking'), {
        component: page('analytics', 'user-course-rank'),
      }),
    ],
  }),
  node('/boutique', 'Boutique', zh('商家精品', 'Merchant boutique'), {
    redirect: '/boutique/boutique-list',
    meta: { icon: 'ShopOutlined', orderNo: 6 },
    children: [
      node('boutique-list', 'BoutiqueList', zh('精品列表', 'Boutique products'), {
        component: page('boutique', 'boutique-list'),
      }),
      node('brand-introduction/:id', 'BrandIntroduction', zh('品牌介绍', 'Brand introduction'), {
        component: page('boutique', 'brand-introduction'),
        meta: { hidden: true, currentActiveMenu: '/boutique/boutique-list' },
      }),
      node('boutique-detail/:id', 'BoutiqueDetail', zh('精品详情', 'Product detail'), {
        component: page('boutique', 'boutique-detail'),
        meta: { hidden: true, currentActiveMenu: '/boutique/boutique-list' },
      }),
      node('3D-recommend', 'ThreeDRecommend', zh('3D推荐', '3D recommendation'), {
        component: page('looks', '3D-recommend'),
      }),
    ],
  }),
  node('/label', 'Label', zh('标签管理', 'Tag management'), {
    redirect: '/label/tag-list',
    meta: { icon: 'TagsOutlined', orderNo: 7, single: true },
    children: [node('tag-list', 'TagList', zh('标签列表', 'Tags'), { component: page('tags', 'tag-list') })],
  }),
  node('/fans', 'Fans', zh('粉丝管理', 'Fan management'), {
    redirect: '/fans/fans-list',
    meta: { icon: 'TeamOutlined', orderNo: 8 },
    children: [
      node('fans-list', 'FansList', zh('粉丝列表', 'Fans'), { component: page('fans', 'fans-list') }),
      node('batch-select-tag', 'BatchSelectTag', zh('批量标签管理', 'Batch tagging'), {
        component: page('fans', 'batch-select-tag'),
        meta: { hidden: true, currentActiveMenu: '/fans/fans-list' },
      }),
      node('fans-impression', 'FansImpression', zh('粉丝印象', 'Fan impressions'), {
        component: page('impressions', 'fans-impression'),
      }),
      node('fans-recruit', 'FansRecruit', zh('招募设置', 'Recruitment settings'), {
        component: page('recruitment', 'fans-recruit'),
      }),
    ],
  }),
  node('/smartClient', 'SmartClient', zh('智能客户', 'Smart client'), {
    redirect: '/smartClient/crowd-pack',
    meta: { icon: 'ClusterOutlined', orderNo: 9, single: true },
    children: [
      node('crowd-pack', 'CrowdPack', zh('人群包', 'Crowd packs'), {
        component: page('crowd-packs', 'crowd-pack'),
        meta: { keepAlive: true },
      }),
      // A new pack has a screen of its own (same editor), so its tab, breadcrumb and document
      // title say 新建 while editing a saved one (`?id=`) says 编辑.
      node('crowd-pack-new', 'CrowdPackNew', zh('新建人群包', 'New crowd pack'), {
        component: page('crowd-packs', 'crowd-pack-edit'),
        meta: { hidden: true },
      }),
      node('crowd-pack-combined-new', 'CrowdPackCombinedNew', zh('新建组合人群包', 'New combined pack'), {
        component: page('crowd-packs', 'crowd-pack-combined-edit'),
        meta: { hidden: true },
      }),
      node('crowd-pack-combined-edit', 'CrowdPackCombinedEdit', zh('编辑组合人群包', 'Edit combined pack'), {
        component: page('crowd-packs', 'crowd-pack-combined-edit'),
        meta: { hidden: true, currentActiveMenu: '/smartClient/crowd-pack' },
      }),
      node('crowd-pack-edit', 'CrowdPackEdit', zh('编辑人群包', 'Edit crowd pack'), {
        component: page('crowd-packs', 'crowd-pack-edit'),
        meta: { hidden: true, currentActiveMenu: '/smartClient/crowd-pack' },
      }),
      node('crowd-pack-detail', 'CrowdPackDetail', zh('人群包详情', 'Crowd pack detail'), {
        component: page('crowd-packs', 'crowd-pack-detail'),
        meta: { hidden: true, currentActiveMenu: '/smartClient/crowd-pack' },
      }),
    ],
  }),
  node('/detail', 'Detail', zh('详情', 'Detail'), {
    meta: { hidden: true, orderNo: 99 },
    children: [
      node('fans-detail/:fans_id', 'FansDetail', zh('粉丝详情', 'Fan detail'), {
        component: page('fans', 'fans-detail'),
        meta: { currentActiveMenu: '/fans/fans-list' },
      }),
      node('video-detail/:id/:isLook?', 'VideoDetail', zh('视频详情', 'Video detail'), {
        component: page('videos', 'video-detail'),
        meta: { currentActiveMenu: '/short-video/publish-video' },
      }),
      node('course-detail/:course_id', 'CourseDetail', zh('课程详情', 'Course detail'), {
        component: page('courses', 'course-detail'),
        meta: { currentActiveMenu: '/course/designer-course' },
      }),
      node(
        '3D-recommend-detail/:recommend_id?',
        'ThreeDRecommendDetail',
        zh('3D推荐详情', '3D look detail'),
        {
          component: page('looks', '3D-recommend-detail'),
          meta: { currentActiveMenu: '/boutique/3D-recommend' },
        },
      ),
    ],
  }),
];

/** A newly registered designer sees only 基本信息 › 设计师资料 until the information is complete. */
export const newcomerMenu: MenuRoute[] = [
  node('/basic-information', 'BasicInformation', zh('基本信息', 'Basic information'), {
    redirect: '/basic-information/designer-information',
    meta: { icon: 'IdcardOutlined', orderNo: 1, single: true },
    children: [
      node('designer-information', 'DesignerInformation', zh('设计师资料', 'Designer data'), {
        component: page('designer', 'designer-information'),
      }),
    ],
  }),
];
