export * from './auth.ts';
export * from './constants.ts';
export * from './designer.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './fields.ts';
export * from './menu.ts';
export * from './vault.ts';
