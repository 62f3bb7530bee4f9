/** Every area's calls (contract/src/endpoint.ts): method and path, typed with the area's schemas. */

export * from './analytics.ts';
export * from './boutique.ts';
export * from './courses.ts';
export * from './tags.ts';
export * from './vault.ts';
