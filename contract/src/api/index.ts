/** Every area's calls (contract/src/endpoint.ts): method and path, typed with the area's schemas. */
export * from './crowd-packs.ts';
export * from './fans.ts';
export * from './impressions.ts';
export * from './recruitment.ts';
export * from './tags.ts';
