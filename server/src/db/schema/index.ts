export * from './accounts.ts';
export * from './members.ts';
export * from './notifications.ts';
export * from './rate-limit.ts';
export * from './scan.ts';
export * from './sms.ts';
export * from './vault.ts';
