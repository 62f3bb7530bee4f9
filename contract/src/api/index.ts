/** Every area's calls (contract/src/endpoint.ts): method and path, typed with the area's schemas. */
export * from './addresses.ts';
export * from './audit.ts';
export * from './contracts.ts';
export * from './designer.ts';
export * from './health.ts';
export * from './members.ts';
export * from './menu.ts';
export * from './notifications.ts';
export * from './operator.ts';
export * from './partners.ts';
export * from './profile.ts';
export * from './register.ts';
export * from './sms.ts';
export * from './tags.ts';
